//! The round as seed 000 orders it (digest A13; L265-283): R0 the counter, R1-R2 and R4 the
//! champion-power windows, R3 initiative every round, R5 automatic effects, R6 the activations
//! one and then two at a time, R7 victory areas, carried effects, the victory check and the
//! end-of-round durations. Everything here runs between decisions: after each command the table
//! is carried on until a player must decide again.

use bevy_ecs::prelude::World;

use super::{Event, Mini, Outcome, Phase, Skirmish, Table, TurnState, Warband, with_table};
use crate::card::Window;
use crate::damage::conditions::{Afflictions, Condition, Effect};
use crate::damage::hit_points::HitPoints;
use crate::damage::ongoing::ongoing_damage;
use crate::round::{
    Block, Budget, ChampionPowers, EndOfRound, Player, RoundStage, before_initiative, initiative,
    next_block,
};
use crate::rule::{damage as damage_rule, round as rule, victory as win};
use crate::scenario::Scenario;

/// The table as the scenario sets it (A1's deployment is the scenario's: seed 000 L48-49).
pub(super) fn table(scenario: &Scenario) -> Skirmish {
    let mut minis: Vec<Mini> = scenario
        .creatures
        .iter()
        .map(|c| Mini {
            id: c.id.clone(),
            name: c.name.clone(),
            owner: c.player,
            card: std::sync::Arc::new(c.card.clone()),
            space: steelgrid_kernel::grid::Footprint {
                origin: c.at,
                side: c.card.size.side(),
            },
            hp: HitPoints {
                start: c.card.hit_points,
                current: c.hit_points,
            },
            afflictions: Afflictions::default(),
            activated: false,
            destroyed: false,
            riding: None,
            spent: Vec::new(),
            reacted: None,
        })
        .collect();
    for (i, c) in scenario.creatures.iter().enumerate() {
        minis[i].riding = c
            .riding
            .as_ref()
            .and_then(|m| scenario.creatures.iter().position(|o| &o.id == m));
        // A rider shares its mount's squares (seed 000 L391).
        if let Some(m) = minis[i].riding {
            minis[i].space = minis[m].space;
        }
    }
    let warband = |p: Player| {
        let w = &scenario.warbands[p.index()];
        Warband {
            name: w.name.clone(),
            champion: scenario
                .creatures
                .iter()
                .position(|c| c.id == w.champion)
                .expect("a checked scenario names its champions"),
            controller: w.controller,
            points: w.points,
            victory_points: 0,
            powers_used: Vec::new(),
            boosts: Vec::new(),
        }
    };
    Skirmish {
        minis,
        warbands: [warband(Player::One), warband(Player::Two)],
        round: 0,
        phase: Phase::Over,
        first: Player::One,
        powers_this_round: ChampionPowers::default(),
        areas: scenario.victory_areas.clone(),
        start_areas: scenario.start_areas.clone(),
        goal: scenario.goal,
        max_rounds: scenario.max_rounds,
        outcome: None,
        turns: 0,
    }
}

/// Begin the first round and run it to its first decision.
pub(super) fn begin(t: &mut Table, seed: u64) {
    let first = battle_set_up(t, seed);
    if t.s.start_areas.is_some() {
        t.s.phase = Phase::StartArea { picker: first };
    } else {
        start_round(t);
    }
    carry_on(t);
}

/// Set-up's last step done: the first round begins.
pub(super) fn deployed(t: &mut Table) {
    start_round(t);
}

/// Stage::TurnFlow: carry the table on to the next decision.
pub(super) fn advance(world: &mut World) {
    with_table(world, carry_on);
}

/// Stage::Objectives: a player with nothing left on the board loses at once (not in seed).
pub(super) fn check_elimination(world: &mut World) {
    with_table(world, |t| {
        if t.s.outcome.is_some() {
            return;
        }
        let left = |p: Player| t.s.standing().any(|(_, m)| m.owner == p);
        let gone: Vec<Player> = Player::BOTH.into_iter().filter(|&p| !left(p)).collect();
        match gone.as_slice() {
            [loser] => finish(
                t,
                Outcome::Won(loser.other()),
                win::ELIMINATED,
                format!("player {loser:?} has no creature left on the board"),
            ),
            [_, _] => finish(
                t,
                Outcome::Drawn,
                win::ELIMINATED,
                "no creature is left".into(),
            ),
            _ => {}
        }
    });
}

fn finish(t: &mut Table, outcome: Outcome, rule: steelgrid_kernel::rule::Rule, reason: String) {
    t.s.outcome = Some(outcome);
    t.s.phase = Phase::Over;
    let event = match outcome {
        Outcome::Won(player) => Event::Won { player, reason },
        Outcome::Drawn => Event::Drawn { reason },
    };
    t.push(rule, event);
}

/// Move on through every step that needs no one's decision.
fn carry_on(t: &mut Table) {
    loop {
        if t.s.outcome.is_some() {
            t.s.phase = Phase::Over;
            return;
        }
        match t.s.phase.clone() {
            Phase::Window { stage, queue } => match queue.split_first() {
                Some((&player, _)) if !usable_powers(t.s, player, stage).is_empty() => {
                    if !t.log.events.last().is_some_and(|e| {
                        matches!(&e.event, Event::WindowOpened { player: p, stage: s } if *p == player && s == stage.label())
                    }) {
                        t.push(
                            stage.rule(),
                            Event::WindowOpened {
                                stage: stage.label().into(),
                                player,
                            },
                        );
                    }
                    return;
                }
                Some((_, rest)) => {
                    t.s.phase = Phase::Window {
                        stage,
                        queue: rest.to_vec(),
                    };
                }
                None => after_window(t, stage),
            },
            // A creature destroyed in its own turn (by an opportunity attack, its ongoing
            // damage) has nothing left to do: its turn ends.
            Phase::Turn { turn, .. } if t.s.minis[turn.creature].destroyed => end_turn(t),
            Phase::StartArea { .. }
            | Phase::Deploy { .. }
            | Phase::FirstTurn { .. }
            | Phase::Turn { .. } => return,
            Phase::Block { block, left } => {
                if left == 0 || waiting(t.s, block.player) == 0 {
                    next_or_end(t, Some(block));
                } else {
                    return;
                }
            }
            Phase::Over => return,
        }
    }
}

/// The champion powers `player` may use in `stage`: its champion on the board, no power used
/// yet this round before R6 (seed 000 L267), each power once a battle.
pub fn usable_powers(s: &Skirmish, player: Player, stage: RoundStage) -> Vec<String> {
    let Some(window) = window_of(stage) else {
        return Vec::new();
    };
    let w = &s.warbands[player.index()];
    let champion = &s.minis[w.champion];
    // A confused or dominated champion uses no champion power (seed 000 L168, L447).
    let controlled = champion.is(Condition::Confused) || champion.is(Condition::Dominated);
    if champion.destroyed
        || s.powers_this_round.used(player)
        || champion.incapacitated()
        || controlled
    {
        return Vec::new();
    }
    champion
        .card
        .champion
        .iter()
        .flat_map(|c| &c.powers)
        .filter(|p| p.window == window && !w.powers_used.contains(&p.name))
        .map(|p| p.name.clone())
        .collect()
}

/// The champion-power window a stage of the round opens, if it opens one (seed 000 L269-275).
pub fn window_of(stage: RoundStage) -> Option<Window> {
    match stage {
        RoundStage::BeginningOfRound => Some(Window::BeginningOfRound),
        RoundStage::BeforeInitiative => Some(Window::BeforeInitiative),
        RoundStage::AfterInitiative => Some(Window::AfterInitiative),
        _ => None,
    }
}

/// The creatures `player` still has to activate this round.
pub fn waiting(s: &Skirmish, player: Player) -> u32 {
    s.standing()
        .filter(|(_, m)| m.owner == player && !m.activated)
        .count() as u32
}

fn stage(t: &mut Table, stage: RoundStage, text: &str) {
    t.push(
        stage.rule(),
        Event::Stage {
            stage: stage.label().into(),
            text: text.into(),
        },
    );
}

/// A1 (seed 000 L42-49): the warbands shown with their points and champions, the d20 roll-off
/// for the map (the higher champion rating rolls twice), and who deploys first. The scenario is
/// the map and the deployment; the roll is made on its own die stream, so a scenario's scripted
/// dice start at the first round.
fn battle_set_up(t: &mut Table, seed: u64) -> Player {
    use crate::round::{Choice, Deployment, Warband as Band, roll_for_map};
    let bands = Player::BOTH.map(|p| {
        let w = &t.s.warbands[p.index()];
        Band {
            points: w.points,
            champion_rating: t.s.minis[w.champion].card.rating(),
        }
    });
    for p in Player::BOTH {
        let w = &t.s.warbands[p.index()];
        let c = &t.s.minis[w.champion];
        let text = format!(
            "player {p:?}: {}, {} points, champion {} (rating {})",
            w.name,
            w.points,
            c.name,
            bands[p.index()].champion_rating
        );
        t.push(
            rule::SETUP_REVEAL,
            Event::Stage {
                stage: "A1".into(),
                text,
            },
        );
    }
    let mut dice = steelgrid_kernel::dice::Dice::seeded(seed ^ 0x0005_e70b);
    let roll = roll_for_map(&bands, t.options.round.champion_roll, &mut dice);
    let rolls: Vec<String> = roll
        .roll_off
        .rolls
        .iter()
        .map(|r| format!("{}-{}", r[0], r[1]))
        .collect();
    let text = format!(
        "the map roll: {} (the higher champion rating rolls twice); player {:?} takes this battle's map",
        rolls.join(", "),
        roll.winner()
    );
    t.push(
        rule::SETUP_ROLL,
        Event::Stage {
            stage: "A1".into(),
            text,
        },
    );
    let deploy = Deployment::after(roll.map_picker(Choice::Take));
    let how = if t.s.start_areas.is_some() {
        "in the start areas"
    } else {
        "where the scenario places them"
    };
    let text = format!(
        "player {:?} picks a start area and deploys first, player {:?} second, {how}",
        deploy.order[0], deploy.order[1]
    );
    t.push(
        rule::SETUP_DEPLOY,
        Event::Stage {
            stage: "A1".into(),
            text,
        },
    );
    deploy.order[0]
}

/// R0 and the opening of R1.
fn start_round(t: &mut Table) {
    t.s.round += 1;
    t.s.powers_this_round = ChampionPowers::default();
    for m in &mut t.s.minis {
        m.activated = false;
    }
    let round = t.s.round;
    t.push(rule::ROUND_START, Event::RoundStarted { round });
    stage(
        t,
        RoundStage::BeginningOfRound,
        "beginning-of-round powers, used together",
    );
    t.s.phase = Phase::Window {
        stage: RoundStage::BeginningOfRound,
        queue: vec![Player::One, Player::Two],
    };
}

/// A window has closed: open the next stage.
fn after_window(t: &mut Table, closed: RoundStage) {
    match closed {
        RoundStage::BeginningOfRound => {
            let ratings = ratings(t.s);
            let order = before_initiative(ratings, t.dice);
            t.push(
                rule::BEFORE_INITIATIVE,
                Event::DeclarationOrder {
                    first: order.order[0],
                    rolls: order.roll_off.map(|r| r.rolls).unwrap_or_default(),
                },
            );
            t.s.phase = Phase::Window {
                stage: RoundStage::BeforeInitiative,
                queue: order.order.to_vec(),
            };
        }
        RoundStage::BeforeInitiative => roll_initiative(t),
        _ => {
            stage(
                t,
                RoundStage::Automatic,
                "other automatic effects, the first player's warband first",
            );
            start_activations(t);
        }
    }
}

/// The champion ratings that count: none for a confused champion (seed 000 L443).
fn ratings(s: &Skirmish) -> [u32; 2] {
    Player::BOTH.map(|p| {
        let c = &s.minis[s.warbands[p.index()].champion];
        if c.destroyed || c.is(Condition::Confused) {
            0
        } else {
            c.card.rating()
        }
    })
}

/// R3: initiative every round (seed 000 L273).
fn roll_initiative(t: &mut Table) {
    let base = ratings(t.s);
    let bonus =
        Player::BOTH.map(|p| base[p.index()] as i32 + t.s.warbands[p.index()].boost_initiative());
    let off = initiative(bonus.map(|b| b.max(0) as u32), t.dice);
    let totals = off
        .rolls
        .last()
        .copied()
        .unwrap_or([0, 0])
        .map(|v| v as i32);
    let rolls = off
        .rolls
        .iter()
        .map(|pair| [0, 1].map(|i| (pair[i] as i32 - bonus[i].max(0)) as u32))
        .collect();
    t.push(
        rule::INITIATIVE_CHECK,
        Event::InitiativeRolled {
            rolls,
            bonus,
            totals,
            winner: off.winner,
        },
    );
    t.s.phase = Phase::FirstTurn { winner: off.winner };
}

/// After R3's choice: R4's window, the first player first.
pub(super) fn first_chosen(t: &mut Table, first: Player) {
    t.s.first = first;
    t.s.phase = Phase::Window {
        stage: RoundStage::AfterInitiative,
        queue: vec![first, first.other()],
    };
}

fn start_activations(t: &mut Table) {
    stage(
        t,
        RoundStage::Activations,
        "one activation, then two at a time in turn",
    );
    next_or_end(t, None);
}

/// The next block of activations, or the end of the round.
fn next_or_end(t: &mut Table, previous: Option<Block>) {
    let left = Player::BOTH.map(|p| waiting(t.s, p));
    match next_block(t.s.first, previous, left, t.options.round.run_out) {
        Some(block) => {
            let rule = if previous.is_some() && left[block.player.other().index()] == 0 {
                rule::RUN_OUT
            } else {
                rule::ACTIVATIONS
            };
            t.push(
                rule,
                Event::BlockBegan {
                    player: block.player,
                    creatures: block.creatures,
                },
            );
            t.s.phase = Phase::Block {
                block,
                left: block.creatures,
            };
        }
        None => end_round(t),
    }
}

/// Activate creature `i` (seed 000 L279-281), then F1-F4 (seed 000 L285-295).
pub(super) fn activate(t: &mut Table, i: usize, block: Block, left: u32) {
    t.s.turns += 1;
    let m = &mut t.s.minis[i];
    m.activated = true;
    let owner = m.owner;
    let id = m.id.clone();
    t.push(
        rule::ACTIVATIONS,
        Event::Activated {
            creature: id.clone(),
            player: owner,
        },
    );
    let mut turn = TurnState {
        creature: i,
        controller: owner,
        budget: Budget::FULL,
        start: t.s.minis[i].space.origin,
        rooted: false,
        charged: false,
        idle: false,
        number: t.s.turns,
    };
    // F2: a confused creature's d20 (seed 000 L155-166).
    if t.s.minis[i].is(Condition::Confused) {
        let d20 = t.dice.roll(20);
        let controller = match d20 {
            1..=5 => Some(owner.other()),
            6..=15 => None,
            _ => Some(owner),
        };
        turn.controller = controller.unwrap_or(owner);
        turn.idle = controller.is_none();
        t.push(
            damage_rule::CONFUSED,
            Event::ControlRolled {
                creature: id.clone(),
                d20,
                controller,
            },
        );
    }
    if t.s.minis[i].is(Condition::Dominated) {
        turn.controller = owner.other();
    }
    let controller = turn.controller;
    t.s.phase = Phase::Turn { block, left, turn };
    // A rider and mount under different players' control part: the mount throws the rider
    // (seed 000 L409-411).
    if controller != owner {
        throw_rider(t, i);
    }
    // F3: ongoing damage without D2 (seed 000 L293).
    let ongoing = t.s.minis[i].afflictions.ongoing_damage();
    let text = format!(
        "start of turn: player {controller:?} controls it, {} ongoing damage",
        ongoing.len()
    );
    t.push(
        rule::TURN_SEQUENCE,
        Event::Stage {
            stage: "F1-F4".into(),
            text,
        },
    );
    if !ongoing.is_empty() {
        let m = &mut t.s.minis[i];
        let records = ongoing_damage(
            &mut m.hp,
            &m.card.defences,
            &ongoing,
            t.options.reduction_order,
        );
        for record in records {
            super::strike::log_damage(t, i, &record);
        }
    }
}

/// Creature `i` changed hands this turn: if it rides or carries a rider, the rider is thrown.
fn throw_rider(t: &mut Table, i: usize) {
    let pair = match t.s.minis[i].riding {
        Some(mount) => Some((i, mount)),
        None => (0..t.s.minis.len())
            .find(|&k| t.s.minis[k].riding == Some(i) && !t.s.minis[k].destroyed)
            .map(|rider| (rider, i)),
    };
    if let Some((rider, mount)) = pair {
        let space = t.s.minis[mount].space;
        super::strike::unseat(t, rider, space, crate::rule::movement::FORCED_DISMOUNT);
    }
}

/// The active creature's turn ends: dangerous terrain, then saves (seed 000 L527-531, L244,
/// L499-501), and the block moves on.
pub(super) fn end_turn(t: &mut Table) {
    let Phase::Turn { block, left, turn } = t.s.phase.clone() else {
        return;
    };
    let i = turn.creature;
    if !t.s.minis[i].destroyed {
        super::strike::dangerous_ground(t, i);
    }
    if !t.s.minis[i].destroyed {
        let id = t.s.minis[i].id.clone();
        let dice = &mut *t.dice;
        let ends = t.s.minis[i].afflictions.end_of_turn(|_| dice.roll(20));
        for end in ends {
            let event = match end {
                crate::damage::conditions::TurnEnd::Expired(effect) => Event::Expired {
                    creature: id.clone(),
                    effect: effect_name(effect),
                },
                crate::damage::conditions::TurnEnd::Save { effect, d20, saved } => {
                    Event::SaveRolled {
                        creature: id.clone(),
                        effect: effect_name(effect),
                        d20,
                        saved,
                    }
                }
            };
            t.push(end.rule(), event);
        }
    }
    let id = t.s.minis[i].id.clone();
    t.push(rule::TURN_SEQUENCE, Event::TurnEnded { creature: id });
    t.s.phase = Phase::Block {
        block,
        left: left.saturating_sub(1),
    };
}

pub fn effect_name(effect: Effect) -> String {
    match effect {
        Effect::Condition(c) => format!("{c:?}").to_lowercase(),
        Effect::OngoingDamage(d) => format!("ongoing {} {:?}", d.amount, d.kind).to_lowercase(),
    }
}

/// R7 in its order (seed 000 L283).
fn end_round(t: &mut Table) {
    stage(
        t,
        RoundStage::End(EndOfRound::VictoryAreas),
        "victory areas are scored",
    );
    score_areas(t);
    stage(
        t,
        RoundStage::End(EndOfRound::CarriedEffects),
        "end-of-round effects carry into the next round",
    );
    stage(
        t,
        RoundStage::End(EndOfRound::VictoryCheck),
        "victory points are checked",
    );
    let totals = Player::BOTH.map(|p| t.s.warbands[p.index()].victory_points);
    t.push(win::CHECK, Event::VictoryPoints { totals });
    let goal = t.s.goal;
    let reached: Vec<Player> = Player::BOTH
        .into_iter()
        .filter(|p| totals[p.index()] >= goal)
        .collect();
    let leader = match totals[0].cmp(&totals[1]) {
        std::cmp::Ordering::Greater => Some(Player::One),
        std::cmp::Ordering::Less => Some(Player::Two),
        std::cmp::Ordering::Equal => None,
    };
    let verdict = if !reached.is_empty() {
        Some((
            win::CHECK,
            format!(
                "{} of {goal} victory points",
                totals.iter().max().unwrap_or(&0)
            ),
        ))
    } else if t.s.round >= t.s.max_rounds {
        Some((
            win::ROUND_LIMIT,
            format!("round {} was the last", t.s.round),
        ))
    } else {
        None
    };
    if let Some((rule, reason)) = verdict {
        match leader {
            Some(p) => finish(t, Outcome::Won(p), rule, reason),
            None => finish(t, Outcome::Drawn, rule, format!("{reason}; equal totals")),
        }
        return;
    }
    stage(
        t,
        RoundStage::End(EndOfRound::EndDurations),
        "effects until the end of the round end",
    );
    for w in &mut t.s.warbands {
        w.boosts.clear();
    }
    let round = t.s.round;
    t.push(win::DURATIONS, Event::BoostsEnded { round });
    start_round(t);
}

/// R7a: an area scores for the only player with a creature in it (the scoring is not in seed).
fn score_areas(t: &mut Table) {
    for a in 0..t.s.areas.len() {
        let area = t.s.areas[a].clone();
        let holders: Vec<Player> = Player::BOTH
            .into_iter()
            .filter(|&p| {
                t.s.standing()
                    .any(|(_, m)| m.owner == p && m.space.squares().any(|sq| area.contains(sq)))
            })
            .collect();
        if let [player] = holders.as_slice() {
            let vp = &mut t.s.warbands[player.index()].victory_points;
            *vp = vp.saturating_add(area.points);
            t.push(
                win::AREAS,
                Event::AreaScored {
                    area: area.name.clone(),
                    player: *player,
                    points: area.points,
                },
            );
        }
    }
}
