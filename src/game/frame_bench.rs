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
            cpu_at_start: None,
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
    /// The process's CPU time (every thread, the software rasteriser's too) when timing began.
    cpu_at_start: Option<f64>,
}

fn record_frame(
    time: Res<Time<Real>>,
    mut bench: ResMut<FrameBench>,
    #[cfg_attr(target_arch = "wasm32", allow(unused_mut, unused_variables))]
    mut exit: MessageWriter<AppExit>,
) {
    bench.seen += 1;
    if bench.seen <= WARM_UP || bench.times.len() as u32 == bench.wanted {
        if bench.seen == WARM_UP {
            bench.cpu_at_start = process_cpu_ms();
        }
        return;
    }
    // Real time: the game clock's delta is capped at a quarter second, and a software-rendered
    // browser frame can take longer.
    bench.times.push(time.delta_secs_f64() * 1000.0);
    if bench.times.len() as u32 == bench.wanted {
        let stats = FrameStats::of(&bench.times);
        let mut line = format!(
            "frame time over {} frames: median {:.2} ms, p99 {:.2} ms, worst {:.2} ms ({:.0} fps median)",
            bench.times.len(),
            stats.median,
            stats.p99,
            stats.worst,
            1000.0 / stats.median.max(f64::EPSILON)
        );
        if let (Some(start), Some(end)) = (bench.cpu_at_start, process_cpu_ms()) {
            let per_frame = (end - start) / bench.times.len() as f64;
            line += &format!(", CPU {per_frame:.1} ms a frame");
        }
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

/// The CPU time this process has used, every thread together, in milliseconds: what a frame
/// costs when frame pacing hides it (under software rendering the rasteriser's threads are the
/// process's own). Linux only (`/proc/self/stat`, in the kernel's 100 Hz ticks).
fn process_cpu_ms() -> Option<f64> {
    #[cfg(target_os = "linux")]
    {
        let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
        // The fields after the command name (in parentheses, which may hold spaces): utime and
        // stime are the 12th and 13th.
        let mut after = stat.rsplit_once(')')?.1.split_whitespace().skip(11);
        let ticks = after.next()?.parse::<f64>().ok()? + after.next()?.parse::<f64>().ok()?;
        Some(ticks * 10.0)
    }
    #[cfg(not(target_os = "linux"))]
    None
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

    #[cfg(target_os = "linux")]
    #[test]
    fn the_process_cpu_time_grows_with_work() {
        let start = process_cpu_ms().expect("Linux reports the process's CPU time");
        let began = std::time::Instant::now();
        let mut x = 0u64;
        // Busy for 30 ms of CPU, or give up after 5 s of a clock that does not move.
        while process_cpu_ms().unwrap() < start + 30.0 && began.elapsed().as_secs() < 5 {
            x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(7));
        }
        assert!(process_cpu_ms().unwrap() >= start + 30.0, "{x}");
    }

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
