//! `--bench-frames N`: once the board is drawn, time the next N frames and print the median and
//! 99th-percentile frame time, then exit. With `--ai both` the battle plays itself meanwhile,
//! so the figure includes animations, the AI and the HUD. In the browser build the figures go
//! into the page's status line (`data-frames`) instead, and the page keeps running.

use bevy::prelude::*;

/// Frames skipped before timing starts: pipelines compile and the first layouts settle.
const WARM_UP: u32 = 60;

/// Times `frames` frames, prints the figures and exits.
pub struct FrameBenchPlugin {
    pub frames: u32,
}

impl Plugin for FrameBenchPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(FrameBench {
            wanted: self.frames.max(1),
            seen: 0,
            times: Vec::new(),
        })
        .add_systems(Last, record_frame);
    }
}

#[derive(Resource)]
struct FrameBench {
    wanted: u32,
    seen: u32,
    /// Frame times in milliseconds.
    times: Vec<f64>,
}

fn record_frame(
    time: Res<Time<Real>>,
    mut bench: ResMut<FrameBench>,
    #[cfg_attr(target_arch = "wasm32", allow(unused_mut, unused_variables))]
    mut exit: MessageWriter<AppExit>,
) {
    bench.seen += 1;
    if bench.seen <= WARM_UP || bench.times.len() as u32 == bench.wanted {
        return;
    }
    // Real time: the game clock's delta is capped at a quarter second, and a software-rendered
    // browser frame can take longer.
    bench.times.push(time.delta_secs_f64() * 1000.0);
    if bench.times.len() as u32 == bench.wanted {
        let stats = FrameStats::of(&bench.times);
        let line = format!(
            "frame time over {} frames: median {:.2} ms, p99 {:.2} ms, worst {:.2} ms ({:.0} fps median)",
            bench.times.len(),
            stats.median,
            stats.p99,
            stats.worst,
            1000.0 / stats.median.max(f64::EPSILON)
        );
        // The page keeps running: a test reads the figures and closes it.
        #[cfg(target_arch = "wasm32")]
        crate::web::set_attribute("status", "data-frames", &line);
        #[cfg(not(target_arch = "wasm32"))]
        {
            println!("{line}");
            exit.write(AppExit::Success);
        }
    }
}

/// The median, 99th percentile and worst of a set of frame times.
#[derive(Debug, PartialEq)]
struct FrameStats {
    median: f64,
    p99: f64,
    worst: f64,
}

impl FrameStats {
    fn of(times: &[f64]) -> FrameStats {
        let mut sorted = times.to_vec();
        sorted.sort_by(f64::total_cmp);
        let at = |p: f64| sorted[((sorted.len() - 1) as f64 * p).round() as usize];
        FrameStats {
            median: at(0.5),
            p99: at(0.99),
            worst: at(1.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stats_are_the_median_the_99th_percentile_and_the_worst() {
        let times: Vec<f64> = (1..=200).map(f64::from).rev().collect();
        assert_eq!(
            FrameStats::of(&times),
            FrameStats {
                median: 101.0,
                p99: 198.0,
                worst: 200.0,
            }
        );
    }
}
