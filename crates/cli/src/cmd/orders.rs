//! `diplo orders check`.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Subcommand;

use crate::common;

/// `diplo orders ...`
#[derive(Subcommand, Debug)]
pub enum OrdersCommand {
    /// Parse an orders file and print every order in the canonical short form; report every
    /// line that cannot be read with its file, line and column.
    Check {
        /// A map file, or the name of a built-in map.
        #[arg(long, value_name = "MAP", default_value = "standard")]
        map: String,
        /// The orders file: one order per line, `Power:` header lines, `#` comments.
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
}

/// Runs an `orders` subcommand.
pub fn run(command: OrdersCommand) -> ExitCode {
    match command {
        OrdersCommand::Check { map, file } => check(&map, &file),
    }
}

fn check(map: &str, file: &std::path::Path) -> ExitCode {
    let map = match common::load_map(map) {
        Ok(map) => map,
        Err(e) => {
            e.report();
            return ExitCode::FAILURE;
        }
    };
    let text = match common::read_text(file) {
        Ok(text) => text,
        Err(code) => return code,
    };
    let (orders, errors) = diplo_orders::parse_orders(&map, &text);
    // The same limit as `adjudicate` and `game orders`: what is checked here can be sent there.
    let max = diplo_map::limits::max_orders();
    if let Some(l) = orders.get(max) {
        errln!(
            "error: {}:{}: {} orders: {}",
            file.display(),
            l.line,
            orders.len(),
            diplo_map::limits::Limit::Orders.exceeded(max)
        );
        return ExitCode::FAILURE;
    }
    let mut out = String::new();
    for line in &orders {
        let _ = writeln!(
            out,
            "line {}: {}",
            line.line,
            line.order.display(&map).with_power(line.power)
        );
    }
    common::print(&out);
    for e in &errors {
        errln!(
            "error: {}:{}:{}: {}",
            file.display(),
            e.line,
            e.column,
            e.message
        );
    }
    if errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
