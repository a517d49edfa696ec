//! The d20 log in words: one line for each event, as a player reads it.

use steelgrid_d20::battle::Event;

/// An event as a line of the log.
pub fn line(event: &Event) -> String {
    match event {
        Event::InitiativeRolled {
            creature,
            natural,
            total,
        } => format!("{creature} rolls initiative: {natural} -> {total}"),
        Event::RoundStarted { round } => format!("- Round {round} -"),
        Event::TurnStarted { creature, .. } => format!("{creature}'s turn"),
        Event::Moved {
            creature,
            squares,
            feet,
            action,
            ..
        } => format!("{creature} moves {feet} ft ({squares} squares), {action}"),
        Event::Squeezing { creature, at } => {
            format!("{creature} squeezes in at {at}: -4 to attack and AC")
        }
        Event::AttackRolled {
            attacker,
            target,
            weapon,
            natural,
            total,
            armour_class,
            to_hit,
            to_ac,
            roll,
        } => {
            let mods: Vec<String> = to_hit
                .iter()
                .map(|m| format!("{:+} {}", m.value, m.reason))
                .chain(
                    to_ac
                        .iter()
                        .map(|m| format!("AC {:+} {}", m.value, m.reason)),
                )
                .collect();
            let extra = if mods.is_empty() {
                String::new()
            } else {
                format!(" ({})", mods.join(", "))
            };
            format!(
                "{attacker} -> {target} with {weapon}: {natural} = {total} vs AC {armour_class}{extra}: {roll:?}"
            )
        }
        Event::GuessedWrong { attacker, target } => {
            format!("{attacker} strikes at an empty square: {target} is not there")
        }
        Event::MissChance {
            target,
            chance,
            rolled,
            missed,
            rolled_by,
        } => {
            format!(
                "{target} is concealed: {rolled_by} rolls {rolled} on d% against {chance}% - {}",
                if *missed { "the hit misses" } else { "it hits" }
            )
        }
        Event::Damaged {
            creature,
            amount,
            nonlethal,
            hit_points,
            nonlethal_total,
            ..
        } => {
            if *nonlethal {
                format!(
                    "{creature} takes {amount} nonlethal ({nonlethal_total} in all; {hit_points} hp)"
                )
            } else {
                format!("{creature} takes {amount} damage: {hit_points} hp")
            }
        }
        Event::InjuryChanged { creature, to, .. } => format!("{creature} is {}", to.word()),
        Event::SaveRolled {
            creature,
            against,
            natural,
            total,
            dc,
            success,
        } => {
            format!(
                "{creature} saves against {against}: {natural} = {total} vs DC {dc}, {}",
                if *success { "made" } else { "failed" }
            )
        }
        Event::StabiliseRolled {
            creature,
            natural,
            total,
            dc,
            stable,
            hit_points,
        } => {
            format!(
                "{creature} fights for life: {natural} = {total} vs DC {dc} - {} ({hit_points} hp)",
                if *stable { "stable" } else { "loses 1" }
            )
        }
        Event::Tended {
            healer,
            creature,
            total,
            stable,
            ..
        } => {
            format!(
                "{healer} tends {creature}: Heal {total} vs DC 15 - {}",
                if *stable { "stable" } else { "not yet" }
            )
        }
        Event::Healed {
            creature,
            amount,
            hit_points,
        } => format!("{creature} heals {amount}: {hit_points} hp"),
        Event::SpellCast {
            creature,
            spell,
            uses_left,
        } => format!("{creature} casts {spell} ({uses_left} left)"),
        Event::SneakAttack {
            attacker,
            target,
            dice,
            amount,
        } => format!("{attacker}'s sneak attack on {target}: {dice}d6 = {amount} more"),
        Event::Provoked { creature, by, why } => {
            format!("{creature} {why}: {by} takes an attack of opportunity")
        }
        Event::StrenuousAction {
            creature,
            hit_points,
        } => format!("{creature} strains while disabled: {hit_points} hp"),
        Event::TurnEnded { creature } => format!("{creature} ends its turn"),
        Event::BattleEnded { winner } => format!("The battle is over: the {winner:?} win"),
    }
}
