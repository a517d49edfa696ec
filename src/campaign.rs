//! `steelgrid campaign`: load a campaign file (its battles beside it, or a built-in campaign by
//! its short name) and play it headless with the AI on both sides.

use std::path::Path;
use std::process::ExitCode;

use steelgrid_rules::campaign::{self, Campaign, Headless};
use steelgrid_rules::class::Class;

use crate::exit::{failed, report};

/// Load the campaign at `path` (or the built-in one of that short name), each battle read
/// from beside it.
pub fn load(path: &Path) -> Result<Campaign, ExitCode> {
    if !path.exists()
        && let Some(embedded) = path.to_str().and_then(crate::scenarios::campaign_by_name)
    {
        return campaign::load(embedded.file, embedded.text, &|name| {
            embedded
                .battle(name)
                .map(|(file, text)| (file.to_owned(), text.to_owned()))
                .ok_or_else(|| "no such battle is built in".to_owned())
        })
        .map_err(|problems| report(&problems));
    }
    let text = std::fs::read_to_string(path)
        .map_err(|e| failed(&format!("{}: cannot read the file: {e}", path.display())))?;
    let dir = path.parent().unwrap_or(Path::new("."));
    campaign::load(&path.display().to_string(), &text, &|name| {
        let battle = dir.join(name);
        std::fs::read_to_string(&battle)
            .map(|text| (battle.display().to_string(), text))
            .map_err(|e| e.to_string())
    })
    .map_err(|problems| report(&problems))
}

/// The classes `--party censor,fury,…` names, or the campaign's suggested party.
pub fn party(campaign: &Campaign, named: Option<&str>) -> Result<Vec<Class>, String> {
    let Some(named) = named else {
        return match campaign.spec.party.suggested.as_slice() {
            [] => Ok(Class::ALL[..campaign.spec.party.min].to_vec()),
            suggested => Ok(suggested.to_vec()),
        };
    };
    named
        .split(',')
        .map(|name| {
            let name = name.trim();
            Class::ALL
                .into_iter()
                .find(|c| c.id().eq_ignore_ascii_case(name))
                .ok_or_else(|| {
                    let known: Vec<&str> = Class::ALL.iter().map(|c| c.id()).collect();
                    format!(
                        "no class is called `{name}`; the classes are {}",
                        known.join(", ")
                    )
                })
        })
        .collect()
}

/// Play the campaign headless and print how it went (as JSON with `json`).
pub fn headless(
    campaign: &Campaign,
    classes: &[Class],
    seed: u64,
    tries: u32,
    max_rounds: u32,
    json: bool,
) -> ExitCode {
    let played = match campaign::play_headless(campaign, classes, seed, tries, max_rounds) {
        Ok(played) => played,
        Err(e) => return failed(&e),
    };
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(&played).unwrap_or_default()
        );
    } else {
        print!("{}", summary(&played));
    }
    ExitCode::SUCCESS
}

/// The campaign's course in lines a person reads.
fn summary(played: &Headless) -> String {
    let mut out = format!("{}\n", played.campaign);
    for b in &played.battles {
        out += &format!(
            "  {} (seed {}): {} in round {}\n",
            b.title,
            b.seed,
            if b.won { "won" } else { "lost" },
            b.rounds
        );
        for line in &b.carried {
            out += &format!("    {line}\n");
        }
    }
    out += "  between battles:\n";
    for line in &played.log {
        out += &format!("    {line}\n");
    }
    let p = &played.progress;
    out += &match p.ending {
        Some(campaign::Ending::Won) => "  the campaign is won\n".to_owned(),
        Some(campaign::Ending::Lost) => {
            "  the campaign is lost: no hero is left to fight\n".to_owned()
        }
        None => format!(
            "  stopped at step {}: a battle lost too often\n",
            p.step + 1
        ),
    };
    for m in &p.party.members {
        out += &format!(
            "  {} ({} level {}): {} Stamina, {} Recoveries, {} Victories, {} XP{}\n",
            m.name,
            m.class.id(),
            m.level,
            m.stamina,
            m.recoveries,
            m.victories,
            m.xp,
            if m.dead { ", dead" } else { "" }
        );
    }
    out
}
