//! The Miniatures skirmish's panels: the status bar (scenario, round, stage, whose decision and
//! how many activations the block has left, this round's initiative roll, what to do or why a
//! command was refused), on the right the warbands' victory points against the goal, the
//! explainer and the log with each event's rule, and under the board what the pointer is over -
//! the hit chance with every modifier by its reason, an area attack's squares, the walk.

use bevy::prelude::*;
use steelgrid_miniatures::battle::{AttackPreview, Battle, Command, Event, Outcome, Phase};
use steelgrid_miniatures::round::{Player, RoundStage, Slot};

use super::play::{self, Demo, Hovered, Mode, Plan, Refusal, Weapon};
use super::{AiSeats, Step, Table, Title, words};
use crate::game::view::camera::LOG_PANEL_PX;

const BAR: Color = Color::srgb_u8(0x14, 0x17, 0x1c);
const PANEL: Color = Color::srgba(0.07, 0.08, 0.10, 0.92);
const TEXT: Color = Color::srgb_u8(0xe6, 0xe1, 0xd6);
const MUTED: Color = Color::srgb_u8(0x9a, 0x96, 0x8c);
const WARNING: Color = Color::srgb_u8(0xff, 0x9a, 0x80);
const STATUS_PX: f32 = 86.0;
/// Log lines kept on screen.
const LOG_LINES: usize = 30;

#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum Field {
    Title,
    Initiative,
    Prompt,
    Refusal,
    Warbands,
    LogTitle,
    Rule,
    Under,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Explained>()
        .add_systems(Update, pick_line.in_set(Step::Input))
        .add_systems(
            Update,
            redraw_log
                .run_if(resource_changed::<Table>)
                .in_set(Step::Present),
        )
        .add_systems(Startup, spawn)
        .add_systems(
            Update,
            refresh
                .run_if(
                    resource_changed::<Table>
                        .or_else(resource_changed::<Hovered>)
                        .or_else(resource_changed::<Mode>)
                        .or_else(resource_changed::<Weapon>)
                        .or_else(resource_changed::<Plan>)
                        .or_else(resource_changed::<Refusal>)
                        .or_else(resource_changed::<Demo>)
                        .or_else(resource_changed::<Explained>),
                )
                .in_set(Step::Present),
        );
}

fn text(size: f32, colour: Color, field: Field) -> impl Bundle {
    (
        Text::default(),
        TextFont {
            font_size: FontSize::Px(size),
            ..default()
        },
        TextColor(colour),
        field,
    )
}

fn spawn(mut commands: Commands) {
    commands
        .spawn((
            Node {
                position_type: PositionType::Absolute,
                top: px(0),
                left: px(0),
                width: percent(100),
                height: px(STATUS_PX),
                padding: UiRect::axes(px(16), px(5)),
                flex_direction: FlexDirection::Column,
                row_gap: px(2),
                overflow: Overflow::clip(),
                ..default()
            },
            BackgroundColor(BAR),
        ))
        .with_children(|bar| {
            bar.spawn(text(16.0, TEXT, Field::Title));
            bar.spawn(text(13.0, MUTED, Field::Initiative));
            bar.spawn(Node {
                column_gap: px(18),
                ..default()
            })
            .with_children(|row| {
                row.spawn(text(13.0, TEXT, Field::Prompt));
                row.spawn(text(13.0, WARNING, Field::Refusal));
            });
        });
    commands
        .spawn((
            Node {
                position_type: PositionType::Absolute,
                top: px(STATUS_PX),
                right: px(0),
                bottom: px(0),
                width: px(LOG_PANEL_PX),
                padding: UiRect::all(px(10)),
                flex_direction: FlexDirection::Column,
                row_gap: px(8),
                overflow: Overflow::clip(),
                ..default()
            },
            BackgroundColor(PANEL),
        ))
        .with_children(|panel| {
            panel.spawn(text(13.0, TEXT, Field::Warbands));
            panel.spawn(text(12.0, MUTED, Field::Rule));
            panel.spawn(text(12.0, TEXT, Field::LogTitle));
            panel.spawn((
                LogColumn,
                Node {
                    flex_direction: FlexDirection::Column,
                    row_gap: px(2),
                    ..default()
                },
            ));
        });
    commands
        .spawn((
            Node {
                position_type: PositionType::Absolute,
                left: px(12),
                right: px(LOG_PANEL_PX + 12.0),
                bottom: px(8),
                padding: UiRect::axes(px(10), px(6)),
                ..default()
            },
            BackgroundColor(PANEL),
        ))
        .with_children(|under| {
            under.spawn(text(14.0, TEXT, Field::Under));
        });
}

#[allow(clippy::too_many_arguments)]
fn refresh(
    table: Res<Table>,
    title: Res<Title>,
    hovered: Res<Hovered>,
    mode: Res<Mode>,
    weapon: Res<Weapon>,
    plan: Res<Plan>,
    refusal: Res<Refusal>,
    seats: Res<AiSeats>,
    demo: Res<Demo>,
    explained: Res<Explained>,
    mut fields: Query<(&Field, &mut Text)>,
) {
    let battle = &table.0;
    for (field, mut text) in &mut fields {
        let want = match field {
            Field::Title => title_line(battle, &title.0),
            Field::Initiative => initiative(battle),
            Field::Prompt => prompt(battle, *mode, *weapon, &seats, &demo),
            Field::Refusal => refusal.0.clone().unwrap_or_default(),
            Field::Warbands => warbands(battle),
            Field::LogTitle => "Log, newest first (click a line for its rule):".into(),
            Field::Rule => explain(battle, explained.0),
            Field::Under => {
                let pointer = under_pointer(battle, hovered.0, *weapon, &plan);
                demo.line()
                    .map_or(pointer.clone(), |told| format!("{told}\n{pointer}"))
            }
        };
        if text.0 != want {
            text.0 = want;
        }
    }
}

fn player(p: Player) -> &'static str {
    match p {
        Player::One => "One",
        Player::Two => "Two",
    }
}

/// The warband's name, for the status bar.
fn band(battle: &Battle, p: Player) -> String {
    format!("{} ({})", battle.warbands()[p.index()].name, player(p))
}

/// Round, stage, whose decision, the block's activations left.
fn title_line(battle: &Battle, title: &str) -> String {
    let s = battle.skirmish();
    let now = match (&s.phase, battle.outcome()) {
        (_, Some(Outcome::Won(p))) => format!("{} has won", band(battle, p)),
        (_, Some(Outcome::Drawn)) => "the skirmish is drawn".into(),
        (Phase::StartArea { picker }, None) => format!(
            "Set-up (A1) | player {} takes a start area",
            player(*picker)
        ),
        (Phase::Deploy { player: p, .. }, None) => {
            format!("Set-up (A1) | player {} deploys", player(*p))
        }
        (Phase::Window { stage, queue }, None) => format!(
            "{} | {}'s window: a champion power or pass",
            words::stage(*stage),
            queue.first().map_or("nobody", |p| player(*p))
        ),
        (Phase::FirstTurn { winner }, None) => format!(
            "{} | player {} won and chooses who goes first",
            words::stage(RoundStage::Initiative),
            player(*winner)
        ),
        (Phase::Block { block, left }, None) => format!(
            "{} | player {}'s block: {left} of {} activations left",
            words::stage(RoundStage::Activations),
            player(block.player),
            block.creatures
        ),
        (Phase::Turn { block, left, turn }, None) => {
            let slots: Vec<&str> = [
                (Slot::Move, "move"),
                (Slot::Attack, "attack"),
                (Slot::Minor, "minor"),
            ]
            .into_iter()
            .filter(|(slot, _)| turn.budget.has(*slot))
            .map(|(_, w)| w)
            .collect();
            format!(
                "{} | player {}'s block, {left} more after this | {}'s turn ({} left)",
                words::stage(RoundStage::Activations),
                player(block.player),
                s.minis[turn.creature].name,
                if slots.is_empty() {
                    "none".into()
                } else {
                    slots.join(", ")
                }
            )
        }
        (Phase::Over, None) => "the skirmish is over".into(),
    };
    let round = if s.round == 0 {
        format!("before round 1 of {}", s.max_rounds)
    } else {
        format!("Round {} of {}", s.round, s.max_rounds)
    };
    format!("{title}  |  D&D Miniatures (seed 000)  |  {round}\n{now}")
}

/// The start areas' names, in order.
fn s_areas(battle: &Battle) -> Vec<String> {
    battle
        .skirmish()
        .start_areas
        .iter()
        .flatten()
        .map(|a| a.name.clone())
        .collect()
}

/// The latest initiative roll (R3): the dice, what each adds, the totals, the winner.
fn initiative(battle: &Battle) -> String {
    let rolled = battle.log().iter().rev().find_map(|l| match &l.event {
        Event::InitiativeRolled {
            rolls,
            bonus,
            totals,
            winner,
        } => Some((rolls, bonus, totals, winner)),
        _ => None,
    });
    let Some((rolls, bonus, totals, winner)) = rolled else {
        return "Initiative (R3): not rolled yet".into();
    };
    let dice: Vec<String> = rolls.iter().map(|r| format!("{}/{}", r[0], r[1])).collect();
    format!(
        "Initiative this round (R3): One d20 {} {:+} = {}  vs  Two d20 {} {:+} = {}   (rolls One/Two: {})   winner: player {}; first: player {}",
        rolls.last().map_or(0, |r| r[0]),
        bonus[0],
        totals[0],
        rolls.last().map_or(0, |r| r[1]),
        bonus[1],
        totals[1],
        dice.join(", "),
        player(*winner),
        player(battle.skirmish().first)
    )
}

fn prompt(battle: &Battle, mode: Mode, weapon: Weapon, seats: &AiSeats, demo: &Demo) -> String {
    if battle.outcome().is_some() {
        return "The skirmish is over.".into();
    }
    if !demo.steps.is_empty() {
        return "A demonstration is playing.".into();
    }
    if battle.deciding().is_some_and(|p| seats.0.contains(&p)) {
        return "The AI is deciding for this warband.".into();
    }
    match &battle.skirmish().phase {
        Phase::Window { .. } => {
            let powers: Vec<String> = battle
                .usable_powers()
                .iter()
                .enumerate()
                .map(|(i, p)| format!("{} {p}", i + 1))
                .collect();
            if powers.is_empty() {
                "No champion power can be used now: P pass.".into()
            } else {
                format!("Champion power: {} | P pass", powers.join(" | "))
            }
        }
        Phase::StartArea { .. } => {
            let names: Vec<String> = s_areas(battle)
                .iter()
                .enumerate()
                .map(|(n, a)| format!("{} {a}", n + 1))
                .collect();
            format!("Take a start area: {}", names.join(" | "))
        }
        Phase::Deploy { .. } => match play::deploying(battle, weapon) {
            Some(m) => format!(
                "Deploying {}: click a square in your start area | Tab or a click on one of yours picks another | D done",
                m.name
            ),
            None => "D done".into(),
        },
        Phase::FirstTurn { .. } => "F take the first turn | G give it to the other player".into(),
        Phase::Block { .. } => "Click one of your creatures that has not activated.".into(),
        Phase::Turn { .. } => {
            let attack = play::chosen(battle, weapon).map_or_else(String::new, |a| {
                let shape = match a.shape {
                    Some(steelgrid_miniatures::card::Shape::Burst(n)) => format!(", burst {n}"),
                    Some(steelgrid_miniatures::card::Shape::Line(n)) => format!(", line {n}"),
                    None => String::new(),
                };
                format!(
                    "{} ({:?} {:+}, {} dmg, range {}{shape})",
                    a.name, a.icon, a.bonus, a.damage, a.range
                )
            });
            let area = play::chosen(battle, weapon).is_some_and(|a| a.shape.is_some());
            let what = match mode {
                Mode::Act if area => "Click a square for",
                Mode::Act => "Click: square moves, enemy attacks with",
                Mode::Charge => "Charge: click an enemy, attacking with",
                Mode::Shift => "Shift: click a square beside you; attack",
                Mode::Mount => "Mount: click a mount beside you; attack",
                Mode::Dismount => "Dismount: click a square beside you; attack",
                Mode::Squeeze => "Squeeze: click where you end; attack",
            };
            let squeeze = if play::is_huge(battle) {
                ", Q squeeze"
            } else {
                ""
            };
            let corner = if play::is_line(battle, weapon) {
                ", O corner"
            } else {
                ""
            };
            format!(
                "{what} {attack} | A/Tab attack, C charge, S shift, M (dis)mount{squeeze}{corner}, Esc, E end turn"
            )
        }
        Phase::Over => String::new(),
    }
}

/// Each warband: victory points against the goal, points, creatures waiting, powers left.
fn warbands(battle: &Battle) -> String {
    let s = battle.skirmish();
    let lines: Vec<String> = battle
        .warbands()
        .iter()
        .map(|w| {
            format!(
                "{} ({}): {} / {} VP\n  {} points, champion {}, {} to activate, powers: {}",
                w.name,
                player(w.player),
                w.victory_points,
                s.goal,
                w.points,
                w.champion,
                w.waiting,
                if w.powers_left.is_empty() {
                    "none".into()
                } else {
                    w.powers_left.join(", ")
                }
            )
        })
        .collect();
    let areas: Vec<String> = s
        .areas
        .iter()
        .map(|a| format!("{} {} VP", a.name, a.points))
        .collect();
    format!(
        "{}\nVictory areas: {}{}",
        lines.join("\n"),
        areas.join(", "),
        set_up(battle)
    )
}

/// Battle set-up (seed 000 L42-49) as the engine logged it — the warbands shown, the map roll,
/// who deploys first — until the first creature activates.
fn set_up(battle: &Battle) -> String {
    let log = battle.log();
    if log
        .iter()
        .any(|l| matches!(l.event, Event::Activated { .. }))
    {
        return String::new();
    }
    let lines: Vec<String> = log
        .iter()
        .filter_map(|l| match &l.event {
            Event::Stage { stage, text } if stage == "A1" => Some(format!("  {text}")),
            _ => None,
        })
        .collect();
    format!("\nSet-up (A1):\n{}", lines.join("\n"))
}

/// The log line explained above the log: the one clicked, else the newest.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Explained(Option<usize>);

/// The column the log's lines are drawn in.
#[derive(Component)]
struct LogColumn;

/// A line of the log: the event at this place in the battle's log.
#[derive(Component, Clone, Copy)]
struct LogLine(usize);

/// The newest events, newest first, each with the rule it was logged under, each a button
/// that explains its rule.
fn redraw_log(mut commands: Commands, table: Res<Table>, column: Single<Entity, With<LogColumn>>) {
    let log = table.0.log();
    let mut column = commands.entity(*column);
    column.despawn_children();
    column.with_children(|lines| {
        for (seq, l) in log.iter().enumerate().rev().take(LOG_LINES) {
            lines.spawn((
                Button,
                LogLine(seq),
                Text::new(format!("{}  [{}]", words::line(&l.event), l.rule.id)),
                TextFont {
                    font_size: FontSize::Px(12.0),
                    ..default()
                },
                TextColor(TEXT),
            ));
        }
    });
}

fn pick_line(
    lines: Query<(&Interaction, &LogLine), Changed<Interaction>>,
    mut explained: ResMut<Explained>,
) {
    for (interaction, line) in &lines {
        if *interaction == Interaction::Pressed {
            explained.set_if_neq(Explained(Some(line.0)));
        }
    }
}

/// The explainer's lines: the event in words, then its rule in words with its seed lines.
fn explain(battle: &Battle, seq: Option<usize>) -> String {
    let log = battle.log();
    let Some(l) = seq.and_then(|n| log.get(n)).or(log.last()) else {
        return String::new();
    };
    let rule = steelgrid_miniatures::rule::find(l.rule.id).unwrap_or(l.rule);
    format!(
        "#{}: {}\n{} ({}): {}",
        l.seq + 1,
        words::line(&l.event),
        rule.id,
        rule.seed,
        rule.summary
    )
}

/// What the pointer is over: an enemy's hit chance, an area's squares, a creature, the walk.
fn under_pointer(
    battle: &Battle,
    sq: Option<steelgrid_rules::grid::Square>,
    weapon: Weapon,
    plan: &Plan,
) -> String {
    let Some(sq) = sq else {
        return "Hover over a square or a creature.".into();
    };
    let verdict = match &plan.verdict {
        Some(Ok(())) => " - click to do it".to_owned(),
        Some(Err(why)) => format!(" - {why}"),
        None => String::new(),
    };
    let place = {
        let terrain = battle.features().at(sq).map(|t| t.name());
        let area = battle
            .skirmish()
            .areas
            .iter()
            .find(|a| a.contains(sq))
            .map(|a| format!("victory area {} ({} VP)", a.name, a.points));
        let said: Vec<String> = terrain.map(str::to_owned).into_iter().chain(area).collect();
        if said.is_empty() {
            format!("{sq}")
        } else {
            format!("{sq} ({})", said.join(", "))
        }
    };
    if let Some(Command::Area { attack, at, .. }) = &plan.command {
        let corner = plan.corner.map_or(String::new(), |(x, y)| {
            let n = battle.line_origins(*at).len();
            format!(" from corner ({x}, {y}) (O: {n} corners)")
        });
        let hit: Vec<String> = battle
            .minis()
            .into_iter()
            .filter(|m| !m.destroyed && m.space.squares().any(|s| plan.area.contains(&s)))
            .map(|m| m.name)
            .collect();
        return format!(
            "{attack} at {place}{corner}: {} squares, catching {}{verdict}",
            plan.area.len(),
            if hit.is_empty() {
                "nobody".into()
            } else {
                hit.join(", ")
            }
        );
    }
    if let Some(there) = play::mini_at(battle, sq) {
        if let (Some(me), Some(attack)) = (play::active(battle), play::chosen(battle, weapon))
            && there.player != me.player
            && let Ok(p) = battle.preview(&me.id, &attack.name, &there.id)
        {
            return format!("{}{verdict}", preview_line(&there.name, &p));
        }
        let conditions = if there.conditions.is_empty() {
            String::new()
        } else {
            format!(", {}", there.conditions.join(", "))
        };
        let riding = there
            .riding
            .as_ref()
            .map_or(String::new(), |m| format!(", riding {m}"));
        return format!(
            "{} (player {}) - {}/{} hp{}, Def {}, speed {}, cost {}{}{}{}{}{verdict}",
            there.name,
            player(there.player),
            there.hit_points,
            there.start,
            if there.bloodied { " bloodied" } else { "" },
            there.defense,
            there.speed,
            there.cost,
            if there.champion { ", champion" } else { "" },
            if there.activated { ", activated" } else { "" },
            conditions,
            riding
        );
    }
    match &plan.command {
        Some(Command::Move { path }) => format!("Move to {place}: {} steps{verdict}", path.len()),
        Some(Command::Squeeze { path, .. }) => format!(
            "Squeeze to {place}: {} steps as a 2x2 at half speed{verdict}",
            path.len()
        ),
        Some(command) => format!("{} at {place}{verdict}", command.name()),
        None => place,
    }
}

fn preview_line(name: &str, p: &AttackPreview) -> String {
    let mods = if p.modifiers.is_empty() {
        String::new()
    } else {
        format!(" | {}", words::modifiers(&p.modifiers).replace(", ", " | "))
    };
    format!(
        "{} at {name}: {}% to hit (d20 {:+} vs Def {}){mods} | {} damage",
        p.attack, p.hit_chance, p.bonus, p.defense, p.damage
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use steelgrid_miniatures::ai;

    #[test]
    fn the_status_names_the_round_stage_and_initiative_and_the_explainer_the_rule() {
        let s = crate::scenarios::MINIATURES[0];
        let sc = steelgrid_miniatures::scenario::load(s.file, s.text).unwrap();
        let mut battle = Battle::new(&sc, Some(2));
        for _ in 0..60 {
            if battle.active().is_some() {
                break;
            }
            let c = ai::next_command(&battle).unwrap();
            battle.apply(c).unwrap();
        }
        let title = title_line(&battle, "t");
        assert!(
            title.contains("Round 1") && title.contains("R6 Activations"),
            "{title}"
        );
        let init = initiative(&battle);
        assert!(init.contains("winner: player"), "{init}");
        let said = explain(&battle, Some(0));
        let first = &battle.log()[0];
        assert!(said.starts_with("#1: "), "{said}");
        assert!(
            said.contains(first.rule.id) && said.contains(first.rule.seed),
            "{said}"
        );
        assert!(warbands(&battle).contains(&format!("/ {} VP", sc.goal)));
    }
}
