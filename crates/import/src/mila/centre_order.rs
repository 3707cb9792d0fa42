//! The order of the supply centres as MILA's `Map` lists them (`Map.scs`), which its games
//! follow when they list a power's home centres and take centres: the home centres of the
//! first power given any, then, in the order the file names them, every centre another power
//! or the `UNOWNED` line names as a home (MILA adds each power's homes to its unowned list as
//! well, and takes them out of it only after), then the owned centres of `OWNS`/`CENTERS`
//! lines. Worked out by replaying, line by line, what MILA's reader does with its table of
//! homes (`add_homes`, `UNPLAYED`, `DROP`).

/// MILA's tables of homes and owned centres, as its reader keeps them.
#[derive(Debug, Default)]
pub(super) struct CentreOrder {
    /// Home centres by power key (`UNOWNED` among them), in the order MILA's dictionary holds
    /// the keys.
    homes: Vec<(String, Vec<String>)>,
    /// The powers whose `INHABITS` or `HOME` line came (MILA's `inhabits`).
    inhabits: Vec<String>,
    /// Owned centres by power key, from `OWNS`/`CENTERS` lines.
    centres: Vec<(String, Vec<String>)>,
}

const UNOWNED: &str = "UNOWNED";

/// The list of `key` in `table`, made (at the end) if missing.
fn entry<'t>(table: &'t mut Vec<(String, Vec<String>)>, key: &str) -> &'t mut Vec<String> {
    let i = match table.iter().position(|(k, _)| k == key) {
        Some(i) => i,
        None => {
            table.push((key.to_string(), Vec::new()));
            table.len() - 1
        }
    };
    &mut table[i].1
}

/// Takes the first `item` out of `list`, if there.
fn remove_first(list: &mut Vec<String>, item: &str) {
    if let Some(i) = list.iter().position(|x| x == item) {
        list.remove(i);
    }
}

impl CentreOrder {
    /// A power's declaration line (`FRANCE (FRENCH:F) PAR BRE MAR`), or the `UNOWNED` line
    /// (`key` `UNOWNED`): its centres added to its homes, anew if an `INHABITS` or `HOME` line
    /// of it came before.
    pub(super) fn declaration(&mut self, key: &str, centres: &[String]) {
        let reinit = self.inhabits.iter().any(|k| k == key);
        self.inhabits.retain(|k| k != key);
        self.add_homes(key, centres, reinit);
    }

    /// `INHABITS` (`home`: false; anew at a power's first) or `HOME`/`HOMES` (anew).
    pub(super) fn inhabits(&mut self, key: &str, centres: &[String], home: bool) {
        let first = !self.inhabits.iter().any(|k| k == key);
        if first {
            self.inhabits.push(key.to_string());
        }
        self.add_homes(key, centres, home || first);
    }

    /// MILA's `add_homes`: each centre (`-X` takes X out) moved to the end of the power's homes
    /// and, for a power, added to the unowned list too.
    fn add_homes(&mut self, key: &str, centres: &[String], reinit: bool) {
        let list = entry(&mut self.homes, key);
        if reinit {
            list.clear();
        }
        entry(&mut self.homes, UNOWNED);
        for word in centres.iter().flat_map(|c| c.split_whitespace()) {
            let home = word.trim_start_matches('-').to_uppercase();
            if home.is_empty() {
                continue;
            }
            let remove = word.starts_with('-');
            remove_first(entry(&mut self.homes, key), &home);
            if key != UNOWNED {
                entry(&mut self.homes, UNOWNED).push(home.clone());
            }
            if !remove {
                entry(&mut self.homes, key).push(home);
            }
        }
    }

    /// `CENTERS` (`replace`) or `OWNS` (adding the new ones) of a power.
    pub(super) fn owns(&mut self, key: &str, centres: &[String], replace: bool) {
        let fresh = !self.centres.iter().any(|(k, _)| k == key);
        let list = entry(&mut self.centres, key);
        let upper = centres.iter().map(|c| c.to_uppercase());
        if replace || fresh {
            *list = upper.collect();
        } else {
            for c in upper {
                if !list.contains(&c) {
                    list.push(c);
                }
            }
        }
    }

    /// `UNPLAYED`: the powers' homes and owned centres go (what they added to the unowned list
    /// stays).
    pub(super) fn unplayed(&mut self, keys: &[String]) {
        self.homes.retain(|(k, _)| !keys.contains(k));
        self.centres.retain(|(k, _)| !keys.contains(k));
        self.inhabits.retain(|k| !keys.contains(k));
    }

    /// `DROP place`: taken out of every list of homes and owned centres (once each).
    pub(super) fn drop_place(&mut self, place: &str) {
        let place = place.to_uppercase();
        for (_, list) in self.homes.iter_mut().chain(self.centres.iter_mut()) {
            remove_first(list, &place);
        }
    }

    /// The centres in MILA's order (MILA's place names, each once).
    pub(super) fn order(&self) -> Vec<String> {
        let mut homes = self.homes.clone();
        let mut out: Vec<String> = Vec::new();
        let mut k = 0;
        while k < homes.len() {
            let mut i = 0;
            while i < homes[k].1.len() {
                let site = homes[k].1[i].clone();
                if !out.contains(&site) {
                    out.push(site.clone());
                }
                // A power's home leaves the unowned list (its first place there).
                if homes[k].0 != UNOWNED {
                    remove_first(entry(&mut homes, UNOWNED), &site);
                }
                i += 1;
            }
            k += 1;
        }
        for (_, list) in &self.centres {
            for c in list {
                if !out.contains(c) {
                    out.push(c.clone());
                }
            }
        }
        out
    }
}
