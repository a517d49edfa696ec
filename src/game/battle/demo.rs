//! Demonstrations: a scenario's demo script plays by itself — the narrator's line, then its
//! command, then the command's events one by one in the explainer — at a steady beat. P pauses,
//! `.` plays the next beat at once, `+`/`-` change the pace. When the script ends the game is
//! an ordinary one again, from where the demonstration left it.

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use steelgrid_rules::scenario::DemoLine;

use super::actions::{Action, Controls};
use super::play::Feedback;
use super::records::Beat;
use crate::game::screens::BattleMode;
use crate::game::ui::explainer::{Explaining, Narration};
use crate::game::{BattleSystems, Rules};

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        play_demo
            .in_set(crate::game::screens::PlaySystems)
            .in_set(BattleSystems::Command)
            .run_if(in_state(BattleMode::Demo)),
    );
}

/// Seconds per beat at each pace.
const PACES: [f32; 4] = [4.0, 2.5, 1.2, 0.4];

/// A demonstration being played.
#[derive(Resource)]
pub struct DemoPlayer {
    lines: Vec<DemoLine>,
    next: usize,
    beat: Beat,
}

impl DemoPlayer {
    pub fn new(lines: Vec<DemoLine>) -> Self {
        Self {
            lines,
            next: 0,
            beat: Beat::new(&PACES),
        }
    }
}

fn play_demo(
    mut commands: Commands,
    time: Res<Time>,
    controls: Single<&ActionState<Action>, With<Controls>>,
    mut demo: ResMut<DemoPlayer>,
    mut rules: ResMut<Rules>,
    mut narration: ResMut<Narration>,
    mut feedback: ResMut<Feedback>,
    explaining: Option<Res<Explaining>>,
) {
    if !demo.beat.due(&controls, time.delta()) {
        return;
    }
    // First walk through the events of the command just played.
    if let Some(at) = explaining.as_deref() {
        let next = Explaining {
            sub: at.sub + 1,
            ..*at
        };
        if at.step + 1 == rules.0.steps().len() && next.sub < rules.0.steps()[at.step].events {
            commands.insert_resource(next);
            return;
        }
    }
    let Some(line) = demo.lines.get(demo.next).cloned() else {
        narration.0 = "End of the demonstration: play on from here, or X to look back.".into();
        commands.remove_resource::<DemoPlayer>();
        return;
    };
    demo.next += 1;
    narration.0 = line.say;
    commands.remove_resource::<Explaining>();
    if let Some(command) = line.command {
        match rules.0.apply(command) {
            Ok(_) => {
                if let Some(open) = Explaining::last(&rules.0, 0) {
                    commands.insert_resource(open);
                }
            }
            // The script was checked when the scenario loaded, so this would be an engine change.
            Err(e) => *feedback = Feedback::Refused(e),
        }
    }
}
