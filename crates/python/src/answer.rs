//! The answers of `diplo.adjudicate`, `Game.get_results` and `Game.position` made as Python
//! objects directly, with no `serde_json::Value` between (building, converting and freeing that
//! tree was most of a stateless adjudication's time). The dicts are the ones the value gave:
//! the same keys in the same (sorted) order, the same values.

use diplo_engine::{OrderResult, PositionFile};
use diplo_map::{Map, PowerId};
use diplo_orders::Order;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// One order's result as text: power, order, the DATC's result words, reason.
pub(crate) struct ResultText {
    power: String,
    order: String,
    result: String,
    reason: String,
}

impl ResultText {
    /// Result `r` of `orders` (worked out without the GIL).
    pub(crate) fn of(map: &Map, orders: &[(PowerId, Order)], r: &OrderResult) -> ResultText {
        let order = &orders[r.index].1;
        ResultText {
            power: map.power(r.power).name.clone(),
            order: order.display(map).to_string(),
            result: r.words(),
            reason: r.reason_text(map, order),
        }
    }
}

/// The results as a list of dicts: `order`, `power`, `reason`, `result`.
pub(crate) fn results<'py>(py: Python<'py>, texts: &[ResultText]) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for t in texts {
        let d = PyDict::new(py);
        d.set_item(intern!(py, "order"), &t.order)?;
        d.set_item(intern!(py, "power"), &t.power)?;
        d.set_item(intern!(py, "reason"), &t.reason)?;
        d.set_item(intern!(py, "result"), &t.result)?;
        list.append(d)?;
    }
    Ok(list)
}

/// A position file as a dict: `centres`, `contested` (if any), `dislodged` (if any), `phase`,
/// `units`.
pub(crate) fn position<'py>(py: Python<'py>, f: &PositionFile) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let per_power = |lists: &std::collections::BTreeMap<String, Vec<String>>| {
        let by = PyDict::new(py);
        for (power, items) in lists {
            by.set_item(power, PyList::new(py, items)?)?;
        }
        Ok::<_, PyErr>(by)
    };
    d.set_item(intern!(py, "centres"), per_power(&f.centres)?)?;
    if !f.contested.is_empty() {
        d.set_item(intern!(py, "contested"), PyList::new(py, &f.contested)?)?;
    }
    if !f.dislodged.is_empty() {
        let list = PyList::empty(py);
        for u in &f.dislodged {
            let e = PyDict::new(py);
            e.set_item(intern!(py, "attacker_from"), &u.attacker_from)?;
            e.set_item(intern!(py, "by_convoy"), u.by_convoy)?;
            e.set_item(intern!(py, "power"), &u.power)?;
            e.set_item(intern!(py, "unit"), &u.unit)?;
            list.append(e)?;
        }
        d.set_item(intern!(py, "dislodged"), list)?;
    }
    d.set_item(intern!(py, "phase"), &f.phase)?;
    d.set_item(intern!(py, "units"), per_power(&f.units)?)?;
    Ok(d)
}

/// Results in MILA's codes as a dict: each key (`A PAR`) with its list of codes, in order.
pub(crate) fn codes<'py>(
    py: Python<'py>,
    codes: &[(String, Vec<&'static str>)],
) -> PyResult<Bound<'py, PyDict>> {
    let out = PyDict::new(py);
    for (key, codes) in codes {
        out.set_item(key, codes)?;
    }
    Ok(out)
}
