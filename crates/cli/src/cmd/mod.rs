//! One module per subcommand.

pub mod adjudicate;
pub mod compare;
pub mod datc;
pub mod game;
pub mod import;
pub mod map;
pub mod map_draw;
pub mod orders;
pub mod render;
pub mod replay;
pub mod rulesets;
pub mod serve;
