//! The cunning AI Director's choices against the first one's (`--director plain`), on the
//! Briar Warden (a leader with three villain actions and the bramble family's Malice features).

use crate::common;

use common::{end, start};
use steelgrid_rules::ai::{self, Director};
use steelgrid_rules::testing::{Fight, at};
use steelgrid_rules::{Command, Engine};

/// What `director` does next.
fn next(e: &Engine, director: Director) -> Command {
    ai::next(e, director).expect("the Director answers").command
}

fn ability(command: &Command) -> Option<&str> {
    match command {
        Command::UseAbility { ability, .. } => Some(ability),
        _ => None,
    }
}

#[test]
fn the_cunning_director_buys_another_main_action_as_soon_as_it_can_pay_for_it() {
    // seed 002 L4340-4344: a family feature bought at the start of a monster's turn; Wild
    // Overgrowth costs 7.
    let mut e = Fight::new()
        .malice(7)
        .hero("h", at(2, 2))
        .from_template("warden", "briar_warden", at(7, 2))
        .start();
    start(&mut e, "h");
    end(&mut e, "h");
    start(&mut e, "warden");
    let malice = e.state().malice.current;
    assert!((7..10).contains(&malice), "Malice {malice}");
    let overgrowth = Command::SpendMalice {
        creature: "warden".into(),
        spend: steelgrid_rules::director::malice::MaliceSpend::Feature {
            id: "wild_overgrowth".into(),
        },
    };
    assert_eq!(next(&e, Director::Cunning), overgrowth);
    // The first Director waits for 10.
    assert_ne!(next(&e, Director::Plain), overgrowth);
}

#[test]
fn the_cunning_director_uses_its_ultimate_early_when_it_would_do_great_harm() {
    // seed 002 L4186-4188: each villain action once an encounter, in any order. Five worn
    // heroes within 4 of the Warden at the end of a hero's turn in round 1: the script says
    // the opener, Heart of the Briar (4/7/10 to every enemy within 4) would do far more.
    let mut fight = Fight::new();
    for (i, id) in ["h0", "h1", "h2", "h3", "h4"].iter().enumerate() {
        fight = fight.hero(id, at(2 + i as i32, 2)).current_stamina(12);
    }
    let mut e = fight
        .from_template("warden", "briar_warden", at(4, 5))
        .start();
    start(&mut e, "h0");
    end(&mut e, "h0");
    assert_eq!(
        ability(&next(&e, Director::Cunning)),
        Some("heart_of_the_briar")
    );
    assert_eq!(ability(&next(&e, Director::Plain)), Some("grasping_roots"));
}
