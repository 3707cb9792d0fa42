//! Fuzz target `mila`: `diplo_tests::robust::check_mila` on any bytes (see its documentation).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| diplo_tests::robust::check_mila(data));
