//! A campaign played to its end without a window, the AI on both sides: for `steelgrid
//! campaign --ai both`, tests and balance.

use serde::Serialize;

use crate::ai::{self, Director};
use crate::class::Class;
use crate::scenario;

use super::{Campaign, Carried, Member, Progress, Step};

/// One battle as it went.
#[derive(Clone, Debug, Serialize)]
pub struct HeadlessBattle {
    pub step: usize,
    pub title: String,
    pub seed: u64,
    pub won: bool,
    pub rounds: u32,
    /// The party as it went in and as it came out (before any Recovery spent on the road).
    pub before: Vec<Member>,
    pub after: Vec<Member>,
    /// What changed for the heroes after it.
    pub carried: Vec<String>,
}

/// A campaign played headless.
#[derive(Clone, Debug, Serialize)]
pub struct Headless {
    pub campaign: String,
    pub battles: Vec<HeadlessBattle>,
    /// Every between-battles line, in order (story pages by title, respites, recoveries).
    pub log: Vec<String>,
    pub progress: Progress,
}

/// Play `campaign` with the AI on both sides, the party of `classes`, each battle from `seed`
/// onwards (a battle lost is fought again with the next seed, at most `tries` times; one not
/// over by round `max_rounds` counts as lost). Stops at the campaign's end, or when a battle is
/// lost `tries` times.
pub fn play_headless(
    campaign: &Campaign,
    classes: &[Class],
    seed: u64,
    tries: u32,
    max_rounds: u32,
) -> Result<Headless, String> {
    let choice: Vec<(Class, Option<String>)> = classes.iter().map(|c| (*c, None)).collect();
    let mut progress = Progress::start(campaign, &choice).map_err(|e| e.to_string())?;
    let mut out = Headless {
        campaign: campaign.spec.name.clone(),
        battles: Vec::new(),
        log: Vec::new(),
        progress: progress.clone(),
    };
    let mut next_seed = seed;
    while let Some(step) = progress.current(campaign) {
        match step {
            Step::Story { title, .. } => out.log.push(format!("story: {title}")),
            Step::Respite { .. } => out.log.push("respite".to_owned()),
            Step::Battle { .. } => {
                if progress.lost_tries >= tries {
                    break;
                }
                let battle = fight(campaign, &mut progress, next_seed, max_rounds)?;
                next_seed += 1;
                if battle.won {
                    let road = progress.patch_up();
                    out.log.extend(road.iter().map(ToString::to_string));
                }
                out.battles.push(battle);
                continue;
            }
        }
        let told = progress.advance(campaign);
        out.log.extend(told.iter().map(ToString::to_string));
    }
    out.progress = progress;
    Ok(out)
}

/// Fight the current battle once, the AI deciding for both sides.
fn fight(
    campaign: &Campaign,
    progress: &mut Progress,
    seed: u64,
    max_rounds: u32,
) -> Result<HeadlessBattle, String> {
    let (file, text) = progress.battle(campaign)?;
    let scenario = scenario::load(&file, &text).map_err(|problems| {
        problems
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("\n")
    })?;
    let mut engine = scenario.start(Some(seed));
    while engine.outcome().is_none() && engine.turn().round <= max_rounds {
        let Some(decision) = ai::next(&engine, Director::Cunning) else {
            return Err(format!("{file}, seed {seed}: the AI had no move"));
        };
        engine.apply(decision.command.clone()).map_err(|e| {
            format!(
                "{file}, seed {seed}: the engine refused the AI's {}: {e}",
                decision.command.name()
            )
        })?;
    }
    let step = progress.step;
    let title = match progress.current(campaign) {
        Some(Step::Battle { title, .. }) => title.clone(),
        _ => String::new(),
    };
    let before = progress.party.members.clone();
    let carried = progress.end_battle(campaign, &engine);
    let won = progress.fought.last().is_some_and(|f| f.won);
    Ok(HeadlessBattle {
        step,
        title,
        seed,
        won,
        rounds: engine.turn().round,
        before,
        after: progress.party.members.clone(),
        carried: carried.iter().map(Carried::to_string).collect(),
    })
}
