//! Tooltips: the card under the mouse. Over a creature, its whole stat block — Stamina,
//! speed, stability, characteristics, conditions with what each does, and every ability with
//! its tiers at the creature's current numbers; over a square, its terrain, object and any area
//! lying on it. The words come from the engine's state and its rule table; nothing here
//! computes a rule.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use steelgrid_rules::StateView;
use steelgrid_rules::ability::{Ability, Cost, Who};
use steelgrid_rules::creature::Side;
use steelgrid_rules::engine::{AbilityView, CreatureView};
use steelgrid_rules::event::rule;
use steelgrid_rules::grid::{Map, Square, Terrain};

use super::hud::{BAR, MUTED, TEXT};
use super::log::ascii;
use crate::game::battle::handoff::{DirectorView, kept_from_view};
use crate::game::battle::play::{PlayMode, Tool};
use crate::game::view::board::BoardLayout;
use crate::game::view::camera::{BoardCamera, LOG_PANEL_PX};
use crate::game::view::cursor::{HoveredSquare, STATUS_BAR_PX};
use crate::game::view::overlay::AimCard;
use crate::game::{CurrentState, Rules};

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_tooltip).add_systems(
        Update,
        (
            write_tooltip.run_if(
                resource_changed::<HoveredSquare>
                    .or_else(resource_changed::<CurrentState>)
                    .or_else(resource_changed::<DirectorView>)
                    .or_else(resource_changed::<PlayMode>)
                    .or_else(resource_changed::<AimCard>),
            ),
            follow_cursor,
        )
            .chain()
            .in_set(crate::game::BattleSystems::Present),
    );
}

/// The tooltip panel; hidden while there is nothing under the mouse to describe.
#[derive(Component)]
pub(super) struct Tooltip;

fn spawn_tooltip(mut commands: Commands) {
    commands
        .spawn((
            Tooltip,
            Node {
                position_type: PositionType::Absolute,
                max_width: px(520),
                overflow: Overflow::clip(),
                padding: UiRect::axes(px(10), px(8)),
                border: UiRect::all(px(1)),
                border_radius: BorderRadius::all(px(4)),
                ..default()
            },
            BackgroundColor(BAR.with_alpha(0.95)),
            BorderColor::all(MUTED),
            GlobalZIndex(50),
            Visibility::Hidden,
        ))
        .with_child((
            Text::default(),
            TextFont {
                font_size: FontSize::Px(12.0),
                ..default()
            },
            TextColor(TEXT),
        ));
}

fn write_tooltip(
    hovered: Res<HoveredSquare>,
    state: Res<CurrentState>,
    rules: Res<Rules>,
    view: Res<DirectorView>,
    mode: Res<PlayMode>,
    aimed: Res<AimCard>,
    tooltip: Single<(&mut Visibility, &Children), With<Tooltip>>,
    mut texts: Query<&mut Text>,
) {
    let (mut visibility, children) = tooltip.into_inner();
    // A roll about to be made shows its odds and outcomes alone, not the stat block under
    // them: the card stays small enough to leave the board in sight.
    let card = aimed.0.clone().or_else(|| {
        hovered
            .0
            .and_then(|square| card(&state.0, &rules.0, square, view.0, aiming(&mode)))
    });
    *visibility = if card.is_some() {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    if let Some(mut text) = children.first().and_then(|c| texts.get_mut(*c).ok()) {
        text.0 = card.map(|c| ascii(&c)).unwrap_or_default();
    }
}

/// The ability slot being aimed, if the play mode aims one.
fn aiming(mode: &PlayMode) -> Option<usize> {
    match mode.tool {
        Tool::Ability(slot) => Some(slot),
        _ => None,
    }
}

/// Height kept clear at the bottom of the window for the hint line and the AI's reasoning.
const HINTS_PX: f32 = 150.0;

/// Keep the card in the corner of the board across from the hovered square, so the squares
/// around the pointer (a path, a push's preview) stay in sight.
fn follow_cursor(
    hovered: Res<HoveredSquare>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<BoardCamera>>,
    layout: Res<BoardLayout>,
    ui_scale: Res<UiScale>,
    mut node: Single<&mut Node, With<Tooltip>>,
) {
    let (camera, transform) = *camera;
    let Some(at) = hovered.0.and_then(|sq| {
        camera
            .world_to_viewport(transform, layout.square_center(sq).extend(0.0))
            .ok()
    }) else {
        return;
    };
    let scale = ui_scale.0.max(0.1);
    let (w, h) = (window.width() / scale, window.height() / scale);
    let (x, y) = (at.x / scale, at.y / scale);
    const MARGIN: f32 = 12.0;
    let board_width = w - LOG_PANEL_PX;
    (node.left, node.right) = if x < board_width / 2.0 {
        (Val::Auto, px(LOG_PANEL_PX + MARGIN))
    } else {
        (px(MARGIN), Val::Auto)
    };
    // Above or below the pointer's half of the window too: clear of the hint line at the
    // bottom and the status bar at the top.
    (node.top, node.bottom) = if y < h / 2.0 {
        (Val::Auto, px(HINTS_PX))
    } else {
        (px(STATUS_BAR_PX + MARGIN), Val::Auto)
    };
    // Never taller than the room between the status bar and the hint line: a long card is
    // cut at its foot rather than run off the window.
    node.max_height = px((h - STATUS_BAR_PX - MARGIN - HINTS_PX).max(80.0));
    // Nor wider than the board beside the log.
    node.max_width = px((board_width - 2.0 * MARGIN).clamp(160.0, 520.0));
}

/// What the tooltip says about `square`: the creature standing there (if the seat may see it),
/// then the ground.
pub fn card(
    state: &StateView,
    rules: &steelgrid_rules::record::Game,
    square: Square,
    director: bool,
    aiming: Option<usize>,
) -> Option<String> {
    let engine = rules.engine();
    let map = engine.map();
    if !map.in_bounds(square) {
        return None;
    }
    // The ability being aimed comes first, in full.
    let aimed: Vec<String> = aiming
        .and_then(|slot| {
            let user = state
                .creatures
                .iter()
                .find(|c| Some(&c.id) == state.turn.as_ref())?;
            let view = user.abilities.get(slot)?;
            let a = engine.ability(&view.id)?;
            Some(ability_card(a, view, user))
        })
        .unwrap_or_default();
    let creature = state
        .creatures
        .iter()
        .filter(|c| !kept_from_view(state, c, director))
        .find(|c| c.footprint.contains(&square));
    let ground = ground(state, map, square);
    // Bare floor with no one on it says nothing worth a card.
    let bare =
        creature.is_none() && ground.len() == 1 && map.terrain(square) == Some(Terrain::Floor);
    if bare {
        return (!aimed.is_empty()).then(|| aimed.join("\n"));
    }
    let mut lines = aimed;
    if !lines.is_empty() {
        lines.push(String::new());
    }
    if let Some(c) = creature {
        lines.extend(stat_block(c, |id| engine.ability(id), director));
        lines.push(String::new());
    }
    lines.extend(ground);
    Some(lines.join("\n"))
}

/// A creature's stat block, line by line. On a heroes' seat a Director creature's abilities
/// stay the Director's.
fn stat_block<'a>(
    c: &CreatureView,
    ability: impl Fn(&str) -> Option<&'a Ability>,
    director: bool,
) -> Vec<String> {
    let role = match (c.side, c.hero, c.minion) {
        (Side::Heroes, true, _) => "hero".to_owned(),
        (Side::Heroes, false, _) => "the heroes' ally".to_owned(),
        (Side::Director, _, true) => match &c.squad {
            Some(squad) => format!("minion of squad {squad}"),
            None => "minion".to_owned(),
        },
        (Side::Director, _, false) => "Director's creature".to_owned(),
    };
    let mut lines = vec![format!("{} ({}): {role}, size {}", c.name, c.id, c.size)];
    let mut stamina = format!("Stamina {}/{}", c.stamina.current, c.stamina.max);
    if c.stamina.temporary > 0 {
        stamina.push_str(&format!(" +{} temporary", c.stamina.temporary));
    }
    for (flag, word) in [
        (c.dead, "dead"),
        (c.dying && !c.dead, "dying"),
        (c.unconscious, "unconscious"),
        (c.winded && !c.dying && !c.dead, "winded"),
    ] {
        if flag {
            stamina.push_str(&format!(", {word}"));
        }
    }
    lines.push(stamina);
    let strike = if c.free_strike > 0 {
        format!("{} damage, ", c.free_strike)
    } else {
        String::new()
    };
    let mut numbers = format!(
        "Speed {}  Stability {}  Free strike: {strike}melee {}, ranged {}",
        c.speed, c.stability, c.free_strike_melee, c.free_strike_ranged
    );
    if c.altitude > 0 {
        numbers.push_str(&format!("  Flying {} up", c.altitude));
    }
    lines.push(numbers);
    let ch = &c.characteristics;
    lines.push(format!(
        "Might {:+}  Agility {:+}  Reason {:+}  Intuition {:+}  Presence {:+}",
        ch.might, ch.agility, ch.reason, ch.intuition, ch.presence
    ));
    let resources: Vec<String> = [
        c.heroic_resource
            .map(|n| format!("{} {n}", c.resource_name())),
        c.surges.map(|n| format!("surges {n}")),
        c.recoveries.map(|n| format!("recoveries {n}")),
    ]
    .into_iter()
    .flatten()
    .collect();
    if !resources.is_empty() {
        lines.push(resources.join(", "));
    }
    for condition in &c.conditions {
        // `slowed (EoT)`, `frightened of ogre`: the first word names the condition's rule.
        let name = condition.split_whitespace().next().unwrap_or_default();
        let what = rule::find(&format!("condition.{name}")).map_or("", |r| r.summary);
        lines.push(format!("* {condition}: {what}"));
    }
    for effect in &c.effects {
        lines.push(format!("* {effect}"));
    }
    if c.side == Side::Director && !director {
        lines.push("Abilities: the Director's to know.".to_owned());
        return lines;
    }
    for view in &c.abilities {
        if let Some(a) = ability(&view.id) {
            lines.extend(ability_card(a, view, c));
        }
    }
    lines
}

/// An ability in full at its user's current numbers: the line saying what it is, its
/// trigger, each tier of its power roll and its effect.
fn ability_card(a: &Ability, view: &AbilityView, user: &CreatureView) -> Vec<String> {
    let ch = &user.characteristics;
    let value = a
        .power_roll
        .as_ref()
        .and_then(|roll| roll.characteristic_for(ch))
        .map_or(0, |c| ch.get(c));
    ability_text(
        a,
        &Card {
            consumable: view.consumable,
            trigger: view.trigger.as_deref(),
            value: Some(value),
            extra: view.extra,
            resource: user.resource_name(),
        },
    )
}

/// How to write an ability out: what its user has and adds.
pub(crate) struct Card<'a> {
    /// It is a consumable, used up when used.
    pub consumable: bool,
    /// Its trigger in words.
    pub trigger: Option<&'a str>,
    /// The characteristic its user adds to the roll, or none for the ability alone (the roll
    /// then names the characteristics a hero adds).
    pub value: Option<i32>,
    /// The cost of its optional extra.
    pub extra: Option<u32>,
    /// The name of the resource it costs: Wrath, Piety, … or "heroic resource".
    pub resource: &'a str,
}

/// An ability in full, as the tooltip and the compendium write it: what it is, its story, its
/// trigger, each tier of its power roll and its effect, and its extra for more resource.
pub(crate) fn ability_text(a: &Ability, card: &Card) -> Vec<String> {
    let mut lines = vec![ability_line(a, card.consumable, card.resource)];
    if !a.story.is_empty() {
        lines.push(format!("    \"{}\"", a.story));
    }
    if let Some(trigger) = card.trigger {
        lines.push(format!("    trigger: {trigger}"));
    }
    if let Some(roll) = &a.power_roll {
        let bonus = match card.value {
            Some(value) => format!("{value:+}"),
            None => {
                let names: Vec<String> = roll
                    .characteristic
                    .iter()
                    .map(|c| format!("{c:?}"))
                    .collect();
                format!(" + {}", names.join(" or "))
            }
        };
        let value = card.value.unwrap_or(0);
        lines.push(format!(
            "    2d10{bonus}: 11- {} | 12-16 {} | 17+ {}",
            roll.tier1.describe(value),
            roll.tier2.describe(value),
            roll.tier3.describe(value)
        ));
    }
    if let Some(effect) = &a.effect {
        lines.push(format!("    effect: {}", effect.describe(0)));
    }
    if let Some(extra) = card.extra {
        lines.push(format!("    extra for {extra} more {} (Y)", card.resource));
    }
    lines
}

/// `Shield Rush: main action, melee 1, 1 enemy, 3 resource [Melee, Weapon]`.
pub(crate) fn ability_line(a: &Ability, consumable: bool, resource: &str) -> String {
    let who = match a.target.who {
        Who::SelfOnly => "self",
        Who::Enemy => "enemy",
        Who::Ally => "ally",
        Who::Creature => "creature",
        Who::CreatureOrObject => "creature or object",
    };
    let target = match a.target.count {
        Some(n) => format!("{n} {who}"),
        None if a.target.who == Who::SelfOnly => who.to_owned(),
        None => format!("each {who} in the area"),
    };
    let cost = match (consumable, a.cost) {
        (true, _) => ", used up".to_owned(),
        (false, Some(Cost::Resource(n))) => format!(", {n} {resource}"),
        (false, Some(Cost::Malice(n))) => format!(", {n} Malice"),
        (false, None) => String::new(),
    };
    let keywords: Vec<String> = a.keywords.iter().map(|k| format!("{k:?}")).collect();
    let keywords = if keywords.is_empty() {
        String::new()
    } else {
        format!(" [{}]", keywords.join(", "))
    };
    format!(
        "{}{}: {}, {}, {target}{cost}{keywords}",
        a.name,
        if a.signature { " (signature)" } else { "" },
        a.action.name(),
        a.distance.label(),
    )
}

/// The ground of a square: terrain, height, an object's Stamina, and areas lying on it.
fn ground(state: &StateView, map: &Map, square: Square) -> Vec<String> {
    let Some(cell) = map.cell(square) else {
        return Vec::new();
    };
    let rule_summary = |id: &str| rule::find(id).map_or("", |r| r.summary);
    let mut lines = vec![match cell.terrain {
        Terrain::Floor => format!("{square}: floor"),
        Terrain::Wall => match cell.height {
            None => format!("{square}: wall (blocks movement and line of effect)"),
            Some(h) => format!(
                "{square}: wall {h} square{} tall (climbed, 2 movement a square without a climb speed; blocks line of effect unless both sides rise above it)",
                if h == 1 { "" } else { "s" }
            ),
        },
        Terrain::Object { material } => format!(
            "{square}: {material:?} object, Stamina {}{}",
            cell.object_stamina
                .map_or("?".to_owned(), |s| s.to_string()),
            cell.height.map_or(String::new(), |h| format!(
                ", {h} tall (climbed and stood on)"
            ))
        ),
        Terrain::Difficult => format!("{square}: difficult terrain (+1 movement to enter)"),
        Terrain::Damaging { damage } => format!(
            "{square}: damaging terrain, {damage} damage. {}",
            rule_summary(rule::DAMAGING_TERRAIN.id)
        ),
        Terrain::Pit { depth } => format!("{square}: pit {depth} squares deep"),
        Terrain::Water { depth } => format!("{square}: water {depth} squares deep"),
    }];
    if cell.elevation != 0 {
        lines.push(format!("Ground height {}", cell.elevation));
    }
    if cell.concealing {
        lines.push(format!(
            "Concealing. {}",
            rule_summary(rule::CONCEALMENT.id)
        ));
    }
    for zone in state.zones.iter().filter(|z| z.squares.contains(&square)) {
        let owner = state
            .creatures
            .iter()
            .find(|c| c.id == zone.owner)
            .map_or(zone.owner.as_str(), |c| c.name.as_str());
        let mut line = format!("{} of {owner}", zone.ability);
        if let Some(damage) = zone.start_of_turn_damage {
            line.push_str(&format!(
                ", {damage} damage to enemies starting a turn here"
            ));
        }
        line.push_str(match zone.until {
            steelgrid_rules::ability::zone::ZoneDuration::EndOfYourNextTurn => {
                " (until the end of its owner's next turn)"
            }
            steelgrid_rules::ability::zone::ZoneDuration::EndOfEncounter => {
                " (until the encounter ends)"
            }
        });
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use steelgrid_rules::record::Game;

    fn game() -> Game {
        let d = crate::scenarios::DEFAULT;
        Game::new(d.file, d.text, Some(7)).unwrap()
    }

    #[test]
    fn a_heros_card_is_its_whole_stat_block() {
        let game = game();
        let state = game.engine().state();
        let hero = state.creatures.iter().find(|c| c.hero).unwrap();
        let text = card(&state, &game, hero.position, false, None).unwrap();
        assert!(text.starts_with(&format!("{} ({}): hero", hero.name, hero.id)));
        assert!(text.contains(&format!(
            "Stamina {}/{}",
            hero.stamina.current, hero.stamina.max
        )));
        assert!(text.contains(&format!("Speed {}", hero.speed)));
        // Every ability is listed, with its tiers when it rolls.
        for a in &hero.abilities {
            assert!(text.contains(&a.name), "{} missing from\n{text}", a.name);
        }
        assert!(text.contains("12-16"));
        // The ground under it closes the card.
        assert!(text.contains(&format!("{}: ", hero.position)));
    }

    #[test]
    fn a_director_creatures_abilities_show_only_on_the_directors_seat() {
        let game = game();
        let state = game.engine().state();
        let foe = state
            .creatures
            .iter()
            .find(|c| c.side == Side::Director && !c.abilities.is_empty())
            .unwrap();
        let heroes = card(&state, &game, foe.position, false, None).unwrap();
        let director = card(&state, &game, foe.position, true, None).unwrap();
        assert!(heroes.contains("the Director's to know"));
        assert!(!heroes.contains(&foe.abilities[0].name));
        assert!(director.contains(&foe.abilities[0].name));
        assert!(heroes.contains(&format!("Stamina {}", foe.stamina.current)));
    }

    #[test]
    fn a_conditions_line_says_what_it_does() {
        let game = game();
        let mut state = game.engine().state();
        let hero = state.creatures.iter_mut().find(|c| c.hero).unwrap();
        hero.conditions.push("slowed (EoT)".into());
        let at = hero.position;
        let text = card(&state, &game, at, true, None).unwrap();
        assert!(
            text.contains("* slowed (EoT): A slowed creature's speed is 2"),
            "{text}"
        );
    }

    #[test]
    fn an_empty_square_describes_its_ground_and_off_the_map_nothing() {
        let game = game();
        let state = game.engine().state();
        let map = game.engine().map().clone();
        let wall = (0..map.height)
            .flat_map(|y| (0..map.width).map(move |x| Square::new(x, y)))
            .find(|&s| map.terrain(s) == Some(Terrain::Wall))
            .unwrap();
        let text = card(&state, &game, wall, false, None).unwrap();
        assert!(text.contains("wall (blocks movement"), "{text}");
        assert!(card(&state, &game, Square::new(-1, 0), false, None).is_none());
        // Bare floor with no one on it: no card.
        let floor = (0..map.height)
            .flat_map(|y| (0..map.width).map(move |x| Square::new(x, y)))
            .find(|&s| {
                map.cell(s).is_some_and(|c| {
                    c.terrain == Terrain::Floor && c.elevation == 0 && !c.concealing
                }) && !state.creatures.iter().any(|c| c.footprint.contains(&s))
                    && !state.zones.iter().any(|z| z.squares.contains(&s))
            })
            .unwrap();
        assert!(card(&state, &game, floor, false, None).is_none());
        // Aiming an ability: its card shows wherever the pointer is.
        let mut game = game;
        for command in [
            steelgrid_rules::Command::ChooseFirstSide { side: Side::Heroes },
            steelgrid_rules::Command::StartTurn {
                creature: "brann".into(),
            },
        ] {
            game.apply(command).unwrap();
        }
        let state = game.engine().state();
        let brann = state.creatures.iter().find(|c| c.id == "brann").unwrap();
        let text = card(&state, &game, floor, false, Some(0)).unwrap();
        assert!(text.starts_with(&brann.abilities[0].name), "{text}");
        assert!(text.contains("12-16"));
    }
}
