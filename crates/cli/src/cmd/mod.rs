//! One module per subcommand.

pub mod map;
pub mod orders;
