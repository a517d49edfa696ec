//! The area chapter's rules (digest A5 and A7): distance, bursts, lines and cones.

steelgrid_kernel::rules! {
    DISTANCE = "ddm.area.distance", "seed 000 L135-137",
        "The square next to a creature is 1 away and each square further adds 1; a diagonal also counts 1 (not in seed: an option counts them 1-2-1-2).";
    SPACE_DISTANCE = "ddm.area.space_distance", "seed 000 L459",
        "Between two larger spaces, count from a square of one to the square in the same place of the other (an option counts between the nearest squares).";
    BURST = "ddm.area.burst", "seed 000 L101-104, L421",
        "A burst covers the squares within X that its user has line of effect to and affects every creature there but the user, one in the user's own space included.";
    BURST_BIG = "ddm.area.burst_big", "seed 000 L421",
        "A creature bigger than a square bursts from its whole space: every square next to that space is 1 away.";
    BURST_COVER = "ddm.area.burst_cover", "seed 000 L421",
        "To find a target's cover against a big creature's burst, the user may count from any square of its space.";
    LINE_ORIGIN = "ddm.area.line_origin", "seed 000 L110",
        "A line starts at a corner of the attacker's space and may not pass through that space.";
    LINE_END = "ddm.area.line_end", "seed 000 L110",
        "A line ends at the corner of the chosen square farthest from its start.";
    LINE_SQUARES = "ddm.area.line_squares", "seed 000 L110, L112",
        "A line affects the squares it passes through the inside of, one attack against each creature there; a square it only touches at a corner or runs along the edge of is spared.";
    LINE_WALL = "ddm.area.line_wall", "seed 000 L110",
        "A wall or other terrain that blocks line of effect stops a line: that square and all beyond it are spared.";
    LINE_REACH = "ddm.area.line_reach", "seed 000 L112",
        "A line covers at most X squares: aimed farther it is cut short, aimed nearer it ends there; the attacker need not see the squares.";
    CONE = "ddm.area.cone", "seed 000 L429",
        "A cone starts in a square next to its user and never includes the user.";
}
