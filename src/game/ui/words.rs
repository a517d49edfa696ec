//! Commands as a player reads them: "Brann moves to (4,5)", never the RON a command file
//! holds. Undo, the AI's reasoning and the replay player all say what was done this way.

use steelgrid_rules::ability::hero_token::TokenBenefit;
use steelgrid_rules::command::Override;
use steelgrid_rules::creature::Side;
use steelgrid_rules::director::malice::MaliceSpend;
use steelgrid_rules::{Command, StateView};

use super::log::{short_name, sq};

/// `command` in one short sentence, creatures by their short names.
pub fn command_words(state: &StateView, command: &Command) -> String {
    let n = |id: &str| short_name(state, id);
    let to = |path: &[steelgrid_rules::grid::Square]| {
        path.last().map_or("where it is".into(), |s| sq(*s))
    };
    match command {
        Command::ChooseFirstSide { side } => format!("{} go first", side_words(*side)),
        Command::StartTurn { creature } => format!("{} starts its turn", n(creature)),
        Command::EndTurn { creature } => format!("{} ends its turn", n(creature)),
        Command::Advance { creature, path } => format!("{} moves to {}", n(creature), to(path)),
        Command::Disengage { creature, path } => {
            format!("{} shifts to {}", n(creature), to(path))
        }
        Command::Fly { creature, path } => match path.last() {
            Some((x, y, h)) => format!("{} flies to ({x},{y}), {h} up", n(creature)),
            None => format!("{} hovers", n(creature)),
        },
        Command::Ride { creature, path, .. } => format!("{} rides to {}", n(creature), to(path)),
        Command::GrantedMove { creature, path } => {
            format!("{} moves to {} (granted)", n(creature), to(path))
        }
        Command::Teleport { target, to, .. } => format!("{} teleports to {}", n(target), sq(*to)),
        Command::Land { creature, to } => format!("{} lands on {}", n(creature), sq(*to)),
        Command::Charge {
            creature, target, ..
        } => format!("{} charges {}", n(creature), n(target)),
        Command::FreeStrike {
            attacker,
            target,
            ranged,
            ..
        } => {
            let how = if *ranged {
                "ranged free strike"
            } else {
                "free strike"
            };
            format!("{} makes a {how} on {}", n(attacker), n(target))
        }
        Command::UseAbility {
            creature,
            ability,
            targets,
            at,
            ..
        } => {
            let name = ability_name(state, creature, ability);
            let on = match (targets.as_slice(), at) {
                ([], Some(at)) => format!(" at {}", sq(*at)),
                ([], None) => String::new(),
                (targets, _) => {
                    let names: Vec<String> = targets.iter().map(|t| n(t)).collect();
                    format!(" on {}", names.join(", "))
                }
            };
            format!("{} uses {name}{on}", n(creature))
        }
        Command::ForceMove {
            target, kind, path, ..
        } => match path.last() {
            Some(end) => format!("{} is {} to {}", n(target), moved(kind.name()), sq(*end)),
            None => format!("{} is left where it is", n(target)),
        },
        Command::Knockback { creature, target } => {
            format!("{} knocks {} back", n(creature), n(target))
        }
        Command::Grab { creature, target } => format!("{} grabs {}", n(creature), n(target)),
        Command::EscapeGrab { creature } => format!("{} tries to escape a grab", n(creature)),
        Command::Release { creature } => format!("{} lets go", n(creature)),
        Command::AidAttack { creature, target } => {
            format!("{} aids the attack on {}", n(creature), n(target))
        }
        Command::Heal { creature, target } => format!("{} heals {}", n(creature), n(target)),
        Command::Defend { creature } => format!("{} defends", n(creature)),
        Command::CatchBreath { creature } => format!("{} catches their breath", n(creature)),
        Command::StandUp { creature } => format!("{} stands up", n(creature)),
        Command::Hide { creature } => format!("{} hides", n(creature)),
        Command::Search { creature } => format!("{} searches for hidden foes", n(creature)),
        Command::EndEffect {
            creature,
            condition,
            ..
        } => format!("{} tries to end {}", n(creature), condition.name()),
        Command::SpendHeroToken { creature, benefit } => {
            format!(
                "{} spends a hero token {}",
                n(creature),
                token_words(*benefit)
            )
        }
        Command::SpendMalice { creature, spend } => {
            format!(
                "The Director spends Malice on {}: {}",
                n(creature),
                malice_words(spend)
            )
        }
        Command::MakeTest { creature, .. } => format!("{} makes a test", n(creature)),
        Command::PassTrigger { creature } => format!("{} lets the moment pass", n(creature)),
        Command::EnvironmentDamage { target, amount, .. } => {
            format!("{} takes {amount} damage from the surroundings", n(target))
        }
        Command::Flee { creature } => format!("{} flees the map", n(creature)),
        Command::WorkOnTask { creature } => format!("{} works on the task", n(creature)),
        Command::Dig { creature, depth } => format!("{} digs to depth {depth}", n(creature)),
        Command::ClawDirt { creature, to, .. } => {
            format!("{} claws through dirt to {}", n(creature), sq(*to))
        }
        Command::PullUp { creature, target } => {
            format!("{} pulls {} up", n(creature), n(target))
        }
        Command::Mount {
            creature, mount, ..
        } => format!("{} mounts {}", n(creature), n(mount)),
        Command::ClimbCreature {
            creature, target, ..
        } => {
            format!("{} climbs onto {}", n(creature), n(target))
        }
        Command::Dismount { creature, .. } => format!("{} climbs down", n(creature)),
        Command::ShakeOff { creature, target } => {
            format!("{} shakes {} off", n(creature), n(target))
        }
        Command::LastStand { creature } => {
            format!("The Director calls a last stand on {}'s turn", n(creature))
        }
        Command::ScriptDice { faces } => format!("the next dice are set to {faces:?}"),
        Command::WhatIf { .. } => "a what-if branch begins".into(),
        Command::AwardVictories { amount, .. } => format!("the heroes earn {amount} Victories"),
        Command::Respite { hours } => format!("the heroes rest {hours} hours"),
        Command::StartMontage { task, .. } => format!("a montage test begins: {task}"),
        Command::MontageTest { creature, .. } => {
            format!("{} makes a montage test", n(creature))
        }
        Command::MontagePass { creature } => format!("{} sits out a montage test", n(creature)),
        Command::DirectorOverride(o) => override_words(o, &n),
    }
}

/// A Director override as a sentence: "the Director sets ogre's Stamina to 12".
fn override_words(o: &Override, n: &dyn Fn(&str) -> String) -> String {
    match o {
        Override::SetStamina { creature, stamina } => {
            format!("the Director sets {}'s Stamina to {stamina}", n(creature))
        }
        Override::AddCondition {
            creature,
            condition,
            ..
        } => format!("the Director makes {} {}", n(creature), condition.name()),
        Override::RemoveCondition {
            creature,
            condition,
        } => format!("the Director ends {}'s {}", n(creature), condition.name()),
        Override::Place { creature, at } => {
            format!("the Director puts {} at {}", n(creature), sq(*at))
        }
        Override::AddCreature(new) => format!(
            "the Director brings in {} ({}) at {}",
            new.id,
            new.template.replace('_', " "),
            sq(new.position)
        ),
        Override::GiveMalice { amount } if *amount < 0 => {
            format!("the Director gives up {} Malice", amount.unsigned_abs())
        }
        Override::GiveMalice { amount } => format!("the Director gains {amount} Malice"),
    }
}

fn side_words(side: Side) -> &'static str {
    match side {
        Side::Heroes => "the heroes",
        Side::Director => "the Director's creatures",
    }
}

/// "pushed", "pulled", "slid" from a forced movement's name.
fn moved(kind: &str) -> &'static str {
    match kind {
        "push" => "pushed",
        "pull" => "pulled",
        _ => "slid",
    }
}

fn ability_name(state: &StateView, creature: &str, ability: &str) -> String {
    state
        .creatures
        .iter()
        .find(|c| c.id == creature)
        .and_then(|c| c.abilities.iter().find(|a| a.id == ability))
        .map_or_else(|| ability.to_owned(), |a| a.name.clone())
}

fn token_words(benefit: TokenBenefit) -> &'static str {
    match benefit {
        TokenBenefit::Surges => "for 2 surges",
        TokenBenefit::Save => "to succeed on a saving throw",
        TokenBenefit::Stamina => "to regain Stamina",
        TokenBenefit::Reroll => "to reroll a test",
    }
}

fn malice_words(spend: &MaliceSpend) -> String {
    match spend {
        MaliceSpend::BrutalEffectiveness => "Brutal Effectiveness (potency +1)".into(),
        MaliceSpend::MaliciousStrike { malice } => format!("Malicious Strike ({malice} Malice)"),
        MaliceSpend::Feature { id } => id.replace('_', " "),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use steelgrid_rules::grid::Square;

    #[test]
    fn commands_read_as_sentences_with_the_creatures_names() {
        let d = crate::scenarios::DEFAULT;
        let game = steelgrid_rules::record::Game::new(d.file, d.text, Some(7)).unwrap();
        let state = game.engine().state();
        let brann = state.creatures.iter().find(|c| c.id == "brann").unwrap();
        let ability = &brann.abilities[0];
        for (command, words) in [
            (
                Command::Advance {
                    creature: "brann".into(),
                    path: vec![Square::new(3, 4), Square::new(4, 5)],
                },
                "Brann moves to (4,5)".to_owned(),
            ),
            (
                Command::use_ability("brann", ability.id.clone(), vec!["ogre".into()]),
                format!("Brann uses {} on ogre", ability.name),
            ),
            (
                Command::free_strike("brann", "ogre", true),
                "Brann makes a ranged free strike on ogre".to_owned(),
            ),
            (
                Command::SpendMalice {
                    creature: "ogre".into(),
                    spend: MaliceSpend::BrutalEffectiveness,
                },
                "The Director spends Malice on ogre: Brutal Effectiveness (potency +1)".to_owned(),
            ),
            (
                Command::ChooseFirstSide { side: Side::Heroes },
                "the heroes go first".to_owned(),
            ),
        ] {
            assert_eq!(command_words(&state, &command), words);
        }
    }
}
