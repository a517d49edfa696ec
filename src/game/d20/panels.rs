//! The d20 battle's panels: the status bar (scenario, round, whose turn, the initiative order,
//! what to do or why a command was refused), the log on the right with each event's rule, and
//! under the board what the pointer is over - the attack preview as a hit chance with its
//! modifiers by rule, or the walk's cost.

use bevy::prelude::*;
use steelgrid_d20::ai;
use steelgrid_d20::battle::{AttackPreview, Battle};

use super::play::{Demo, Hovered, Mode, Refusal};
use super::{AiSeats, Step, Table, Title, tokens::acting_side, words};
use crate::game::view::camera::LOG_PANEL_PX;

const BAR: Color = Color::srgb_u8(0x14, 0x17, 0x1c);
const PANEL: Color = Color::srgba(0.07, 0.08, 0.10, 0.92);
const TEXT: Color = Color::srgb_u8(0xe6, 0xe1, 0xd6);
const MUTED: Color = Color::srgb_u8(0x9a, 0x96, 0x8c);
const WARNING: Color = Color::srgb_u8(0xff, 0x9a, 0x80);
const STATUS_PX: f32 = 64.0;
/// Log lines kept on screen.
const LOG_LINES: usize = 34;

#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum Field {
    Title,
    Initiative,
    Prompt,
    Refusal,
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
            bar.spawn(text(19.0, TEXT, Field::Title));
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

fn refresh(
    table: Res<Table>,
    title: Res<Title>,
    hovered: Res<Hovered>,
    mode: Res<Mode>,
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
            Field::Initiative => format!(
                "Initiative (d20 + Dex, once a combat - not in seed): {}",
                battle.initiative().join(" > ")
            ),
            Field::Prompt => prompt(
                battle,
                *mode,
                acting_side(battle).is_some_and(|s| seats.0.contains(&s)),
            ),
            Field::Refusal => refusal.0.clone().unwrap_or_default(),
            Field::LogTitle => "Log, newest first (click a line for its rule):".into(),
            Field::Rule => explain(battle, explained.0),
            Field::Under => {
                let pointer = under_pointer(battle, hovered.0);
                demo.line()
                    .map_or(pointer.clone(), |told| format!("{told}\n{pointer}"))
            }
        };
        if text.0 != want {
            text.0 = want;
        }
    }
}

fn title_line(battle: &Battle, title: &str) -> String {
    let edition = format!("{:?}", battle.options().edition);
    let now = match (
        battle.outcome(),
        battle.current().and_then(|id| battle.creature(id)),
    ) {
        (Some(side), _) => format!("the {side:?} have won"),
        (None, Some(c)) => format!("{}'s turn ({:?})", c.name, c.side),
        (None, None) => String::new(),
    };
    format!(
        "{title}   |   d20 ({edition})   |   Round {}   |   {now}",
        battle.round()
    )
}

fn prompt(battle: &Battle, mode: Mode, ai: bool) -> String {
    if battle.outcome().is_some() {
        return "The battle is over.".into();
    }
    if ai {
        return "The AI is playing this creature.".into();
    }
    let what = match mode {
        Mode::Walk => "Click a square to walk there, a foe to attack it",
        Mode::FullAttack => "Full attack: click a foe in reach",
        Mode::Charge => "Charge: click a foe up to twice your speed away",
        Mode::Step => "5-foot step: click a square beside you",
        Mode::Tend => "Tend: click a dying ally beside you (Heal DC 15)",
        Mode::Spell(_) => "Spell: click a creature or square",
    };
    format!(
        "{what}.   F full attack | C charge | S 5-ft step | T tend | 1-3 spells | Esc back | E end turn"
    )
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

/// The newest events, newest first (the panel cuts what does not fit at its foot), each with
/// the rule it was logged under, each a button that explains its rule.
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
                    font_size: FontSize::Px(12.5),
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
    format!(
        "#{}: {}\n{} ({}): {}",
        l.seq + 1,
        words::line(&l.event),
        l.rule.id,
        l.rule.seed,
        l.rule.summary
    )
}

/// What the pointer is over: a foe's attack preview, a creature, or the walk there.
fn under_pointer(battle: &Battle, sq: Option<steelgrid_rules::grid::Square>) -> String {
    let (Some(sq), Some(me)) = (sq, battle.current().and_then(|id| battle.creature(id))) else {
        return "Hover over a square or a creature.".into();
    };
    if let Some(there) = battle.creature_at(sq) {
        if there.side != me.side
            && let Ok(p) = battle.preview(&me.id, &there.id, None)
        {
            return preview_line(&there.name, &p);
        }
        let hp = &there.hit_points;
        return format!(
            "{} - {}/{} hp, AC {}, {}, speed {} ft",
            there.name,
            hp.current,
            hp.max,
            there.armour_class,
            there.injury.word(),
            there.speed
        );
    }
    match ai::route(battle, sq) {
        Some(route) => {
            let cost = route.costs.last().copied().unwrap_or(0);
            let speed = me.speed / 5;
            let how = if cost <= speed {
                "a move action"
            } else if cost <= 2 * speed {
                "a double move (the standard action too)"
            } else {
                "more than a double move: a run"
            };
            format!(
                "Walk to {sq}: {} ft ({cost} squares, diagonals 1-2-1-2) - {how}",
                cost * 5
            )
        }
        None => format!("{sq}: {} can't walk there", me.name),
    }
}

fn preview_line(name: &str, p: &AttackPreview) -> String {
    let mods: Vec<String> = p
        .to_hit
        .iter()
        .map(|m| format!("{:+} {} [{}]", m.value, m.reason, m.rule))
        .chain(
            p.to_ac
                .iter()
                .map(|m| format!("AC {:+} {} [{}]", m.value, m.reason, m.rule)),
        )
        .collect();
    let miss = if p.miss_chance > 0 {
        format!(" | {}% miss chance [d20.concealment]", p.miss_chance)
    } else {
        String::new()
    };
    format!(
        "{} at {name}: {}% to hit ({:+} vs AC {}){}{} | damage {}-{}",
        p.weapon,
        p.hit_percent,
        p.bonus,
        p.armour_class,
        if mods.is_empty() {
            String::new()
        } else {
            format!(" | {}", mods.join(" | "))
        },
        miss,
        p.damage.0,
        p.damage.1
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_explainer_gives_the_clicked_event_and_its_rule_with_its_seed_lines() {
        let d = crate::scenarios::D20
            .iter()
            .find(|s| s.name == "d20/demo_injury")
            .unwrap();
        let sc = steelgrid_d20::scenario::load(d.file, d.text).unwrap();
        let mut battle = Battle::new(&sc, None);
        for c in &sc.demo {
            battle.apply(c.clone()).unwrap();
        }
        let dying = battle
            .log()
            .iter()
            .position(|l| l.rule == "d20.injury.dying")
            .unwrap();
        let said = explain(&battle, Some(dying));
        assert!(
            said.contains("d20.injury.dying (seed 001 L12, L23-27)"),
            "{said}"
        );
        assert!(said.starts_with(&format!("#{}: ", dying + 1)), "{said}");
        assert!(explain(&battle, None).contains(battle.log().last().unwrap().rule.id));
    }
}
