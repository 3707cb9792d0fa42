//! One module per subcommand.

pub mod adjudicate;
pub mod datc;
pub mod map;
pub mod orders;
