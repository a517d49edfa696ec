//! The Miniatures log in words: one line for each event, as a player reads it, and the round's
//! stages by their names.

use steelgrid_miniatures::battle::{Applied, Event};
use steelgrid_miniatures::round::{EndOfRound, Player, RoundStage};

fn who(p: &Player) -> &'static str {
    match p {
        Player::One => "player One",
        Player::Two => "player Two",
    }
}

/// A round stage's label and name: "R3 Initiative".
pub fn stage(stage: RoundStage) -> String {
    let name = match stage {
        RoundStage::Start => "Start of round",
        RoundStage::BeginningOfRound => "Beginning of round",
        RoundStage::BeforeInitiative => "Before initiative",
        RoundStage::Initiative => "Initiative",
        RoundStage::AfterInitiative => "After initiative",
        RoundStage::Automatic => "Automatic effects",
        RoundStage::Activations => "Activations",
        RoundStage::End(EndOfRound::VictoryAreas) => "End: victory areas",
        RoundStage::End(EndOfRound::CarriedEffects) => "End: carried effects",
        RoundStage::End(EndOfRound::VictoryCheck) => "End: victory check",
        RoundStage::End(EndOfRound::EndDurations) => "End: durations end",
    };
    format!("{} {name}", stage.label())
}

/// Modifiers as "+2 combat advantage, -2 cover".
pub fn modifiers(mods: &[Applied]) -> String {
    let parts: Vec<String> = mods
        .iter()
        .map(|m| format!("{:+} {}", m.value, m.reason))
        .collect();
    parts.join(", ")
}

/// An event as a line of the log.
pub fn line(event: &Event) -> String {
    match event {
        Event::RoundStarted { round } => format!("- Round {round} -"),
        Event::Stage { stage, text } => format!("{stage}: {text}"),
        Event::WindowOpened { stage, player } => {
            format!("{stage}: {}'s window for a champion power", who(player))
        }
        Event::ChampionPowerUsed {
            player,
            champion,
            power,
            effect,
        } => format!("{} - {champion} uses {power}: {effect}", who(player)),
        Event::Passed { player, stage } => format!("{} passes in {stage}", who(player)),
        Event::DeclarationOrder { first, rolls } => {
            format!("{} declares first (rolls {rolls:?})", who(first))
        }
        Event::InitiativeRolled {
            rolls,
            bonus,
            totals,
            winner,
        } => format!(
            "Initiative: d20 {} {:+} = {} vs d20 {} {:+} = {}: {} wins",
            rolls.last().map_or(0, |r| r[0]),
            bonus[0],
            totals[0],
            rolls.last().map_or(0, |r| r[1]),
            bonus[1],
            totals[1],
            who(winner)
        ),
        Event::FirstTurnChosen { by, first } => {
            format!("{} has {} go first", who(by), who(first))
        }
        Event::BlockBegan { player, creatures } => {
            format!("{}'s block: {creatures} to activate", who(player))
        }
        Event::Activated { creature, player } => {
            format!("{} activates {creature}", who(player))
        }
        Event::ControlRolled {
            creature,
            d20,
            controller,
        } => match controller {
            Some(p) => format!("{creature} is confused: d20 {d20}, {} controls it", who(p)),
            None => format!("{creature} is confused: d20 {d20}, it does nothing"),
        },
        Event::Moved {
            creature,
            squares,
            action,
            ..
        } => format!("{creature} moves {squares} squares ({action})"),
        Event::PlacedBack { creature, at } => {
            format!("{creature} is placed back at {at}, its last legal square")
        }
        Event::Shifted { creature, to } => format!("{creature} shifts to {to}"),
        Event::Squeezed { creature, end, .. } => format!("{creature} squeezes through to {end}"),
        Event::Charged {
            creature,
            target,
            path,
        } => format!("{creature} charges {target} ({} squares)", path.len()),
        Event::Mounted { rider, mount } => format!("{rider} mounts {mount}"),
        Event::Dismounted { rider, to } => format!("{rider} dismounts to {to}"),
        Event::PowerSpent { creature, power } => format!("{creature} spends {power}"),
        Event::OpportunityAttack { attacker, target } => {
            format!("{attacker} makes an opportunity attack at {target}")
        }
        Event::AreaDrawn {
            attacker,
            attack,
            squares,
            targets,
            ..
        } => format!(
            "{attacker}'s {attack} covers {} squares: {}",
            squares.len(),
            if targets.is_empty() {
                "nobody".to_owned()
            } else {
                targets.join(", ")
            }
        ),
        Event::AttackRolled {
            attacker,
            target,
            attack,
            natural,
            total,
            defense,
            modifiers: mods,
            hit,
            critical,
        } => {
            let extra = if mods.is_empty() {
                String::new()
            } else {
                format!(" ({})", modifiers(mods))
            };
            let result = match (hit, critical) {
                (true, true) => "critical hit",
                (true, false) => "hit",
                (false, _) => "miss",
            };
            format!(
                "{attacker} -> {target} with {attack}: {natural} = {total} vs Def {defense}{extra}: {result}"
            )
        }
        Event::DamageStep {
            creature,
            step,
            text,
        } => format!("{creature} {step}: {}", text.replace('→', "->")),
        Event::HitPoints {
            creature,
            taken,
            current,
            start,
        } => format!("{creature} takes {taken}: {current}/{start} hp"),
        Event::Destroyed {
            creature,
            scored_by,
            points,
        } => format!(
            "{creature} is destroyed: {} scores {points}",
            who(scored_by)
        ),
        Event::ConditionLaid {
            creature,
            condition,
        } => format!("{creature} is {condition}"),
        Event::SaveRolled {
            creature,
            effect,
            d20,
            saved,
        } => format!(
            "{creature} saves against {effect}: d20 {d20}, {}",
            if *saved { "saved" } else { "failed" }
        ),
        Event::Expired { creature, effect } => format!("{effect} on {creature} ends"),
        Event::Pushed { creature, to } => format!("{creature} is pushed to {to}"),
        Event::StartAreaTaken { player, area } => {
            format!("player {player:?} takes the start area {area}")
        }
        Event::Deployed { creature, at } => format!("{creature} deploys at {at}"),
        Event::DeploymentDone { player } => format!("player {player:?} has deployed"),
        Event::ConcealmentRolled {
            attacker,
            target,
            d20,
            needed,
            stands,
        } => format!(
            "{attacker} cannot see {target}: d20 {d20} against concealment {needed}, the hit {}",
            if *stands { "stands" } else { "is lost" }
        ),
        Event::FellInPit {
            creature,
            d20,
            dazed,
            placed,
        } => format!(
            "{creature} falls in a pit: d20 {d20}{}, placed at {placed}",
            if *dazed { ", dazed" } else { "" }
        ),
        Event::DangerousTerrain {
            creature,
            d20,
            damage,
        } => format!("{creature} on dangerous terrain: d20 {d20}, {damage} damage"),
        Event::TurnEnded { creature } => format!("{creature} ends its turn"),
        Event::AreaScored {
            area,
            player,
            points,
        } => format!("{} holds {area}: {points} victory points", who(player)),
        Event::VictoryPoints { totals } => {
            format!("Victory points: One {}, Two {}", totals[0], totals[1])
        }
        Event::Won { player, reason } => format!("{} wins: {reason}", who(player)),
        Event::Drawn { reason } => format!("The skirmish is drawn: {reason}"),
        Event::BoostsEnded { round } => format!("Round {round}'s champion boosts end"),
    }
}
