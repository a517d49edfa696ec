//! One command against the table: the round's decisions (champion powers, passing, the first
//! turn, activating) and the active creature's moves (walk, shift, charge, mount, dismount,
//! squeeze), each paid from the turn's budget (seed 000 L461-465). Attacks are [`super::strike`].

use steelgrid_kernel::grid::{Footprint, Square};
use steelgrid_kernel::rule::RuleError;

use super::strike::{self, Strike};
use super::{Event, Phase, Table, TurnState, flow};
use crate::card::Boost;
use crate::command::Command;
use crate::damage::conditions::Condition;
use crate::movement::charge::charge as charge_path;
use crate::movement::mount::{dismount as leave_mount, mount_up};
use crate::movement::squeeze::{Squeeze, SqueezeAction, squeeze as squeeze_through};
use crate::movement::walk::{Walker, shift as shift_to, walk as walk_path};
use crate::round::{Action, Player, RoundStage, Slot};
use crate::rule::{attack as attack_rule, damage as damage_rule, movement as move_rule};
use crate::rule::{round as rule, victory as win};

pub(super) fn apply(t: &mut Table, command: &Command) -> Result<(), RuleError> {
    if t.s.outcome.is_some() {
        return Err(RuleError::new(win::CHECK, "the skirmish is over"));
    }
    on_the_map(t, command)?;
    match command {
        Command::StartArea { area } => start_area(t, *area),
        Command::Deploy { creature, at } => deploy(t, creature, *at),
        Command::EndDeployment => end_deployment(t),
        Command::ChampionPower { power } => champion_power(t, power),
        Command::Pass => pass(t),
        Command::FirstTurn { player } => first_turn(t, *player),
        Command::Activate { creature } => activate(t, creature),
        Command::EndTurn => {
            active(t)?;
            flow::end_turn(t);
            Ok(())
        }
        Command::Move { path } => walk(t, path),
        Command::Shift { to } => shift(t, *to),
        Command::Attack { attack, target } => strike::attack(t, attack, target),
        Command::Area { attack, at, from } => strike::area(t, attack, *at, *from),
        Command::Charge { target, path } => charge(t, target, path),
        Command::Mount { mount } => climb(t, mount),
        Command::Dismount { to } => dismount(t, *to),
        Command::Squeeze { into, path, end } => squeeze(t, *into, path, *end),
    }
}

/// Every square a command names must be on the map (seed 000 L51-61: a position is a square
/// of the battle map).
fn on_the_map(t: &Table, command: &Command) -> Result<(), RuleError> {
    let squares: Vec<Square> = match command {
        Command::Move { path } | Command::Charge { path, .. } => path.clone(),
        Command::Shift { to } | Command::Dismount { to } => vec![*to],
        Command::Area { at, .. } | Command::Deploy { at, .. } => vec![*at],
        Command::Squeeze { into, path, end } => path.iter().copied().chain([*into, *end]).collect(),
        _ => Vec::new(),
    };
    match squares.into_iter().find(|&sq| !t.map.in_bounds(sq)) {
        Some(sq) => Err(RuleError::new(
            move_rule::LEGAL_POSITION,
            format!(
                "{sq} is off the map, which is {} wide and {} high",
                t.map.width, t.map.height
            ),
        )),
        None => Ok(()),
    }
}

/// The window open now and the player whose say it is, or why there is none.
fn window(t: &Table) -> Result<(RoundStage, Player), RuleError> {
    match &t.s.phase {
        Phase::Window { stage, queue } if !queue.is_empty() => Ok((*stage, queue[0])),
        _ => Err(RuleError::new(
            rule::CHAMPION_ONCE,
            format!("no champion-power window is open now ({})", phase_word(t)),
        )),
    }
}

fn phase_word(t: &Table) -> String {
    match &t.s.phase {
        Phase::Window { stage, .. } => format!("{} is open", stage.label()),
        Phase::StartArea { picker } => format!("player {picker:?} must take a start area"),
        Phase::Deploy { player, .. } => format!("player {player:?} is deploying"),
        Phase::FirstTurn { winner } => format!("player {winner:?} must choose who goes first"),
        Phase::Block { block, .. } => {
            format!("player {:?} must activate a creature", block.player)
        }
        Phase::Turn { turn, .. } => format!("it is {}'s turn", t.s.minis[turn.creature].id),
        Phase::Over => "the skirmish is over".into(),
    }
}

/// R1, R2 or R4: the champion's power (seed 000 L267-275).
fn champion_power(t: &mut Table, power: &str) -> Result<(), RuleError> {
    let (stage, player) = window(t)?;
    let usable = flow::usable_powers(t.s, player, stage);
    if !usable.iter().any(|p| p == power) {
        return Err(RuleError::new(
            stage.rule(),
            format!(
                "player {player:?} cannot use `{power}` in {} (usable now: {})",
                stage.label(),
                if usable.is_empty() {
                    "none".into()
                } else {
                    usable.join(", ")
                }
            ),
        ));
    }
    t.s.powers_this_round = t.s.powers_this_round.use_power(player, stage)?;
    let w = &mut t.s.warbands[player.index()];
    let champion = w.champion;
    let card = t.s.minis[champion].card.clone();
    let window = flow::window_of(stage);
    let boost = card
        .champion
        .iter()
        .flat_map(|c| &c.powers)
        .find(|p| p.name == power && Some(p.window) == window)
        .map(|p| p.boost)
        .expect("a usable power is on the card");
    w.powers_used.push(power.to_owned());
    let effect = match boost {
        Boost::Heal(n) => {
            let mut healed = 0;
            for m in
                t.s.minis
                    .iter_mut()
                    .filter(|m| m.owner == player && !m.destroyed)
            {
                healed += m.hp.heal(n);
            }
            format!("its warband regains up to {n} hit points each ({healed} in all)")
        }
        Boost::Initiative(n) => format!("{n:+} to this round's initiative"),
        Boost::Attack(n) => format!("{n:+} to its warband's attacks this round"),
        Boost::Speed(n) => format!("+{n} speed to its warband this round"),
    };
    t.s.warbands[player.index()]
        .boosts
        .push((power.to_owned(), boost));
    t.push(
        stage.rule(),
        Event::ChampionPowerUsed {
            player,
            champion: t.s.minis[champion].id.clone(),
            power: power.to_owned(),
            effect,
        },
    );
    drop_from_window(t);
    Ok(())
}

fn pass(t: &mut Table) -> Result<(), RuleError> {
    let (stage, player) = window(t)?;
    t.push(
        stage.rule(),
        Event::Passed {
            player,
            stage: stage.label().into(),
        },
    );
    drop_from_window(t);
    Ok(())
}

fn drop_from_window(t: &mut Table) {
    if let Phase::Window { queue, .. } = &mut t.s.phase {
        queue.remove(0);
    }
}

/// Set-up: the player who did not pick the map takes a start area; if it takes the other
/// warband's, the two warbands change places, each creature at the same spot in its new area
/// (seed 000 L48).
fn start_area(t: &mut Table, area: usize) -> Result<(), RuleError> {
    let Phase::StartArea { picker } = t.s.phase else {
        return Err(RuleError::new(
            rule::SETUP_DEPLOY,
            format!("no start area is being picked now ({})", phase_word(t)),
        ));
    };
    let Some(areas) = t.s.start_areas.clone() else {
        return Err(RuleError::new(
            rule::SETUP_DEPLOY,
            "this battle has no start areas",
        ));
    };
    if area > 1 {
        return Err(RuleError::new(
            rule::SETUP_DEPLOY,
            format!(
                "there are two start areas, 0 ({}) and 1 ({})",
                areas[0].name, areas[1].name
            ),
        ));
    }
    if area != picker.index() {
        for m in &mut t.s.minis {
            let (own, other) = (&areas[m.owner.index()], &areas[m.owner.other().index()]);
            m.space.origin = Square::new(
                m.space.origin.x - own.origin.x + other.origin.x,
                m.space.origin.y - own.origin.y + other.origin.y,
            );
        }
        t.s.start_areas = Some([areas[1].clone(), areas[0].clone()]);
    }
    t.push(
        rule::SETUP_DEPLOY,
        Event::StartAreaTaken {
            player: picker,
            area: areas[area].name.clone(),
        },
    );
    t.s.phase = Phase::Deploy {
        player: picker,
        first: true,
    };
    Ok(())
}

/// Set-up: move one of the deploying player's creatures (a mount with its rider) within its
/// start area, to a legal position no one else holds (seed 000 L48-49, L51-61).
fn deploy(t: &mut Table, id: &str, at: Square) -> Result<(), RuleError> {
    let Phase::Deploy { player, .. } = t.s.phase else {
        return Err(RuleError::new(
            rule::SETUP_DEPLOY,
            format!("no one is deploying now ({})", phase_word(t)),
        ));
    };
    let i = t.s.find(id)?;
    let refuse = |why: String| Err(RuleError::new(rule::SETUP_DEPLOY, why));
    if t.s.minis[i].owner != player {
        return refuse(format!("`{id}` is not of player {player:?}'s warband"));
    }
    if let Some(m) = t.s.minis[i].riding {
        return refuse(format!(
            "`{id}` rides `{}`: deploy the mount",
            t.s.minis[m].id
        ));
    }
    let space = Footprint {
        origin: at,
        ..t.s.minis[i].space
    };
    let area = t.s.start_areas.as_ref().map(|a| a[player.index()].clone());
    if !area.as_ref().is_some_and(|a| a.contains(space)) {
        let name = area.map_or_else(String::new, |a| a.name);
        return refuse(format!("{at} is not wholly inside the start area `{name}`"));
    }
    let free = t.with_board(i, |board, _| {
        board.is_legal(space) && space.squares().all(|sq| board.occupant(sq).is_none())
    });
    if !free {
        return refuse(format!(
            "`{id}` cannot stand at {at}: not a legal position or not free"
        ));
    }
    carry(t, i, space);
    t.push(
        rule::SETUP_DEPLOY,
        Event::Deployed {
            creature: id.to_owned(),
            at,
        },
    );
    Ok(())
}

/// Set-up: the deploying player is done; the other deploys, then the first round begins.
fn end_deployment(t: &mut Table) -> Result<(), RuleError> {
    let Phase::Deploy { player, first } = t.s.phase else {
        return Err(RuleError::new(
            rule::SETUP_DEPLOY,
            format!("no one is deploying now ({})", phase_word(t)),
        ));
    };
    t.push(rule::SETUP_DEPLOY, Event::DeploymentDone { player });
    if first {
        t.s.phase = Phase::Deploy {
            player: player.other(),
            first: false,
        };
    } else {
        flow::deployed(t);
    }
    Ok(())
}

/// R3: the winner takes the first turn or hands it over (seed 000 L273).
fn first_turn(t: &mut Table, first: Player) -> Result<(), RuleError> {
    let Phase::FirstTurn { winner } = t.s.phase else {
        return Err(RuleError::new(
            rule::INITIATIVE,
            format!("no one is choosing the first turn now ({})", phase_word(t)),
        ));
    };
    t.push(
        rule::INITIATIVE,
        Event::FirstTurnChosen { by: winner, first },
    );
    flow::first_chosen(t, first);
    Ok(())
}

/// R6: activate a creature of the block's player (seed 000 L279-281).
fn activate(t: &mut Table, id: &str) -> Result<(), RuleError> {
    let Phase::Block { block, left } = t.s.phase.clone() else {
        return Err(RuleError::new(
            rule::ACTIVATIONS,
            format!("no creature can be activated now ({})", phase_word(t)),
        ));
    };
    let i = t.s.find(id)?;
    let m = &t.s.minis[i];
    if m.owner != block.player {
        return Err(RuleError::new(
            rule::ACTIVATIONS,
            format!(
                "`{id}` belongs to player {:?}; this block is player {:?}'s",
                m.owner, block.player
            ),
        ));
    }
    if m.activated {
        return Err(RuleError::new(
            rule::ACTIVATIONS,
            format!("`{id}` has already activated this round"),
        ));
    }
    flow::activate(t, i, block, left);
    Ok(())
}

/// The turn under way, or why there is none.
pub(super) fn active(t: &Table) -> Result<TurnState, RuleError> {
    t.s.turn().cloned().ok_or_else(|| {
        RuleError::new(
            rule::TURN_SEQUENCE,
            format!("no creature is taking its turn ({})", phase_word(t)),
        )
    })
}

/// Pay for `action` from the turn's budget; a dazed creature has one action in all (not in
/// seed: the rulebook's dazed), a stunned, helpless or idle one none (seed 000 L164, L495).
pub(super) fn pay(t: &mut Table, action: Action) -> Result<Slot, RuleError> {
    let turn = active(t)?;
    let m = &t.s.minis[turn.creature];
    if m.incapacitated() || turn.idle {
        let why = if turn.idle {
            "its confusion leaves it no actions this turn"
        } else {
            "it is stunned or helpless"
        };
        return Err(RuleError::new(attack_rule::NO_ACTIONS, why));
    }
    let dazed = m.is(Condition::Dazed);
    let slot = turn.budget.cheapest(action)?;
    let mut budget = turn.budget.pay(action, slot)?;
    if dazed {
        for s in [Slot::Attack, Slot::Move, Slot::Minor] {
            if budget.has(s) {
                budget = budget.pay(Action::Minor, s).unwrap_or(budget);
            }
        }
    }
    if let Some(turn) = t.s.turn_mut() {
        turn.budget = budget;
    }
    if dazed {
        let id = t.s.minis[turn.creature].id.clone();
        t.push(
            damage_rule::DAZED,
            Event::ConditionLaid {
                creature: id,
                condition: "dazed: one action this turn".into(),
            },
        );
    }
    Ok(slot)
}

fn action_word(slot: Slot) -> String {
    match slot {
        Slot::Move => "move action".into(),
        Slot::Attack => "attack action taken as a move action".into(),
        Slot::Minor => "minor action".into(),
    }
}

/// The walker the active creature is: its speed with its warband's boost; slowed 2 and
/// immobilized 0 (not in seed: the rulebook's values); a rider's own speed is 0 (seed 000 L403).
pub(super) fn walker(t: &Table, i: usize) -> Walker {
    let m = &t.s.minis[i];
    let boost = t.s.warbands[t.s.side_of(i).index()].boost_speed();
    let speed = if m.riding.is_some() || m.is(Condition::Immobilized) {
        0
    } else if m.is(Condition::Slowed) {
        2
    } else {
        m.card.speed + boost
    };
    Walker::new(m.space.origin, m.space.side, speed)
}

fn not_rooted(turn: &TurnState) -> Result<(), RuleError> {
    if turn.rooted {
        return Err(RuleError::new(
            move_rule::RIDING,
            "it dismounted this turn and may move no further",
        ));
    }
    Ok(())
}

/// A move action along `path` (seed 000 L58-88, L145-148); leaving an enemy's side provokes.
fn walk(t: &mut Table, path: &[Square]) -> Result<(), RuleError> {
    let turn = active(t)?;
    not_rooted(&turn)?;
    let i = turn.creature;
    let walker = walker(t, i);
    let (walked, who) = t.with_board(i, |board, who| {
        walk_path(board, &walker, path, &t.options.movement).map(|w| (w, who.to_vec()))
    })?;
    let slot = pay(t, Action::Move)?;
    let id = t.s.minis[i].id.clone();
    t.push(
        move_rule::DISTANCE,
        Event::Moved {
            creature: id.clone(),
            path: path.to_vec(),
            squares: walked.cost,
            action: action_word(slot),
        },
    );
    if travel(t, i, walker.space, &walked, &who) && walked.placed_back {
        t.push(
            move_rule::PLACED_BACK,
            Event::PlacedBack {
                creature: id,
                at: walked.end.origin,
            },
        );
    }
    Ok(())
}

/// Go along a walk square by square (seed 000 L58-88): an enemy's opportunity attack as the
/// mover leaves its side (L139-143), spike stones' damage as a square slows it (L539), then the
/// end. Whether it got there: an attack that destroys, stuns or moves it (a push, a pit) ends
/// the walk where it stands, or at the last legal square it passed (L145-148).
fn travel(
    t: &mut Table,
    i: usize,
    start: Footprint,
    walked: &crate::movement::walk::Walk,
    who: &[usize],
) -> bool {
    let held: Vec<Footprint> = std::iter::once(start)
        .chain(walked.steps.iter().map(|s| Footprint {
            origin: s.to,
            ..start
        }))
        .collect();
    for (k, step) in walked.steps.iter().enumerate() {
        for p in walked.provoked.iter().filter(|p| p.step == k) {
            carry(t, i, held[k]);
            let went_on = strike::opportunity(t, who[p.occupant], i);
            if t.s.minis[i].space != held[k] || !went_on {
                stop_at_legal(t, i, &held[..=k]);
                return false;
            }
        }
        if step.damage > 0 {
            carry(t, i, held[k + 1]);
            strike::terrain_damage(t, i, step.damage, move_rule::SPIKE_STONES);
            if t.s.minis[i].destroyed {
                return false;
            }
        }
    }
    // An opportunity attack may have pushed a rider off onto the way: the end must still be free.
    let end = walked.end;
    if !t.with_board(i, |board, _| {
        board.is_legal(end) && end.squares().all(|sq| board.occupant(sq).is_none())
    }) {
        stop_at_legal(t, i, &held);
        return false;
    }
    carry(t, i, walked.end);
    true
}

/// A walk stopped short: where it stands if that is a legal position, else placed back at the
/// last legal square it held (seed 000 L145-148).
fn stop_at_legal(t: &mut Table, i: usize, held: &[Footprint]) {
    if t.s.minis[i].destroyed {
        return;
    }
    let here = t.s.minis[i].space;
    let legal = t.with_board(i, |board, _| board.is_legal(here));
    if legal {
        return;
    }
    if let Some(back) = t.with_board(i, |board, _| board.last_legal(held)) {
        carry(t, i, back);
        let id = t.s.minis[i].id.clone();
        t.push(
            move_rule::PLACED_BACK,
            Event::PlacedBack {
                creature: id,
                at: back.origin,
            },
        );
    }
}

/// Put creature `i` at `space`, its rider with it (seed 000 L393).
pub(super) fn carry(t: &mut Table, i: usize, space: Footprint) {
    t.s.minis[i].space = space;
    for m in t.s.minis.iter_mut().filter(|m| m.riding == Some(i)) {
        m.space = space;
    }
}

/// A shift: a move action into one clear square, provoking nothing (seed 000 L77).
fn shift(t: &mut Table, to: Square) -> Result<(), RuleError> {
    let turn = active(t)?;
    not_rooted(&turn)?;
    let i = turn.creature;
    let walker = walker(t, i);
    if walker.speed == 0 {
        return Err(RuleError::new(
            move_rule::SPEED,
            "it has speed 0 and cannot shift",
        ));
    }
    let end = t.with_board(i, |board, _| {
        shift_to(board, &walker, to, &t.options.movement)
    })?;
    pay(t, Action::Move)?;
    carry(t, i, end);
    let id = t.s.minis[i].id.clone();
    t.push(move_rule::SHIFT, Event::Shifted { creature: id, to });
    Ok(())
}

/// A charge: the move and the attack actions, at least 2 squares to the nearest square beside
/// the enemy, then the first basic melee attack at +1 (seed 000 L114-122; the cost in actions
/// and the +1 are not in seed). A rider with `Lancer` on a charging mount attacks too (L401).
fn charge(t: &mut Table, target: &str, path: &[Square]) -> Result<(), RuleError> {
    let turn = active(t)?;
    not_rooted(&turn)?;
    let i = turn.creature;
    let j = t.s.find(target)?;
    if !t.s.enemies(i, j) {
        return Err(RuleError::new(
            move_rule::CHARGE,
            format!("`{target}` is no enemy"),
        ));
    }
    if !(turn.budget.has(Slot::Move) && turn.budget.has(Slot::Attack)) {
        return Err(RuleError::new(
            move_rule::CHARGE,
            "a charge takes both the move and the attack action, and one is spent",
        ));
    }
    let basic = strike::basic_attack(&t.s.minis[i].card)
        .cloned()
        .ok_or_else(|| {
            RuleError::new(
                move_rule::CHARGE,
                "it has no basic melee attack to charge with",
            )
        })?;
    if t.s.minis[i].is(Condition::Dazed) {
        return Err(RuleError::new(
            damage_rule::DAZED,
            "a dazed creature has one action, and a charge takes two",
        ));
    }
    let walker = walker(t, i);
    let target_space = t.s.minis[j].space;
    let (walked, who) = t.with_board(i, |board, who| {
        charge_path(board, &walker, target_space, path, &t.options.movement)
            .map(|w| (w, who.to_vec()))
    })?;
    pay(t, Action::Move)?;
    pay(t, Action::Attack)?;
    if let Some(turn) = t.s.turn_mut() {
        turn.charged = true;
    }
    let id = t.s.minis[i].id.clone();
    t.push(
        attack_rule::SPENT,
        Event::PowerSpent {
            creature: id.clone(),
            power: "charge".into(),
        },
    );
    t.push(
        move_rule::CHARGE,
        Event::Charged {
            creature: id,
            target: target.to_owned(),
            path: path.to_vec(),
        },
    );
    if !travel(t, i, walker.space, &walked, &who) {
        return Ok(());
    }
    strike::resolve(
        t,
        Strike {
            attacker: i,
            target: j,
            attack: basic,
            charging: true,
            from: None,
        },
    );
    let lancer = t.s.minis.iter().position(|m| {
        let able = !m.destroyed
            && !m.incapacitated()
            && !m.is(Condition::Confused)
            && !m.is(Condition::Dominated);
        m.riding == Some(i) && able && m.card.has_keyword("Lancer")
    });
    if let (Some(rider), false) = (lancer, t.s.minis[j].destroyed)
        && let Some(lance) = strike::basic_attack(&t.s.minis[rider].card).cloned()
    {
        let strike = Strike {
            attacker: rider,
            target: j,
            attack: lance,
            charging: true,
            from: None,
        };
        strike::resolve(t, strike);
    }
    Ok(())
}

/// Mounting: a move action beside a mount of its own warband that carries its keywords;
/// provokes (seed 000 L385-389, L403).
fn climb(t: &mut Table, mount: &str) -> Result<(), RuleError> {
    let turn = active(t)?;
    let i = turn.creature;
    let j = t.s.find(mount)?;
    if t.s.minis[i].riding.is_some()
        || t.s
            .minis
            .iter()
            .any(|m| m.riding == Some(j) && !m.destroyed)
    {
        return Err(RuleError::new(
            move_rule::MOUNT,
            "it is riding already, or the mount carries a rider",
        ));
    }
    if t.s.minis[j].owner != t.s.side_of(i) {
        return Err(RuleError::new(
            move_rule::MOUNT,
            format!("`{mount}` is not of its warband"),
        ));
    }
    let suitable = t.s.minis[j].card.carries(&t.s.minis[i].card);
    let trigger = mount_up(t.s.minis[i].space, t.s.minis[j].space, suitable)?;
    pay(t, Action::Move)?;
    let id = t.s.minis[i].id.clone();
    t.push(
        move_rule::MOUNT,
        Event::Mounted {
            rider: id,
            mount: mount.to_owned(),
        },
    );
    if trigger.provokes() && !strike::provoked_by_standing(t, i) {
        return Ok(());
    }
    t.s.minis[i].riding = Some(j);
    t.s.minis[i].space = t.s.minis[j].space;
    Ok(())
}

/// A voluntary dismount: a move action, a shift to an adjacent square and no more moving
/// (seed 000 L405).
fn dismount(t: &mut Table, to: Square) -> Result<(), RuleError> {
    let turn = active(t)?;
    let i = turn.creature;
    let Some(j) = t.s.minis[i].riding else {
        return Err(RuleError::new(move_rule::RIDING, "it is not riding"));
    };
    let side = t.s.minis[i].card.size.side();
    let mount_space = t.s.minis[j].space;
    if mount_space.contains(to) {
        return Err(RuleError::new(
            move_rule::RIDING,
            format!("{to} is inside the mount's space; a dismount shifts the rider beside it"),
        ));
    }
    // The rider stands in all of its mount's space (seed 000 L393): it shifts from whichever of
    // those squares is beside `to`, so any square beside a big mount will do.
    let from = mount_space
        .squares()
        .find(|sq| (sq.x - to.x).abs() <= 1 && (sq.y - to.y).abs() <= 1)
        .unwrap_or(t.s.minis[i].space.origin);
    let rider = Walker::new(from, side, 1);
    let out = t.with_board(i, |board, _| {
        leave_mount(board, &rider, mount_space, to, &t.options.movement)
    })?;
    pay(t, Action::Move)?;
    t.s.minis[i].riding = None;
    t.s.minis[i].space = out.rider;
    if let Some(turn) = t.s.turn_mut() {
        turn.rooted = true;
    }
    let id = t.s.minis[i].id.clone();
    t.push(
        move_rule::RIDING,
        Event::Dismounted {
            rider: id,
            to: out.rider.origin,
        },
    );
    Ok(())
}

/// A huge creature squeezes: a move action as a 2×2 at half speed, provoking as it starts
/// (seed 000 L485-491).
fn squeeze(t: &mut Table, into: Square, path: &[Square], end: Square) -> Result<(), RuleError> {
    let turn = active(t)?;
    not_rooted(&turn)?;
    let i = turn.creature;
    let walker = walker(t, i);
    let plan = Squeeze {
        into,
        path,
        end: Some(end),
        action: SqueezeAction::Only,
    };
    let (done, who) = t.with_board(i, |board, who| {
        squeeze_through(board, &walker, &plan, &t.options.movement).map(|s| (s, who.to_vec()))
    })?;
    pay(t, Action::Move)?;
    let id = t.s.minis[i].id.clone();
    t.push(
        move_rule::SQUEEZE,
        Event::Squeezed {
            creature: id,
            path: path.to_vec(),
            end: done.end.origin,
        },
    );
    for &o in &done.provoked {
        if !strike::opportunity(t, who[o], i) {
            return Ok(());
        }
    }
    carry(t, i, done.end);
    Ok(())
}
