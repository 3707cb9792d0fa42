//! The tokens that open a hosted game: the game master's and one per power, 128 random bits
//! each, shown once (the store keeps only their hashes). [`issue`] gives them to a game that
//! has none: a game file made by `diplo game new` in the games folder (`diplo serve tokens`).

use std::collections::BTreeMap;

use diplo_game::Game;

use crate::store::{hex, random_bytes, token_hash, GameId, GameStore, StoreError, TokenHashes};

/// A game's tokens, in clear: to be handed out once, then forgotten.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tokens {
    /// The game master's token.
    pub gm: String,
    /// Each power's token, by the power's name (neutral powers have none).
    pub powers: BTreeMap<String, String>,
}

/// A new token: 128 bits from the operating system's random source, in hex.
fn new_token() -> std::io::Result<String> {
    random_bytes().map(|b| hex(&b))
}

impl Tokens {
    /// Fresh tokens for `game`: the game master's and one per power that is not neutral.
    pub fn for_game(game: &Game) -> std::io::Result<Tokens> {
        let mut powers = BTreeMap::new();
        for p in game.map.powers().iter().filter(|p| !p.neutral) {
            powers.insert(p.name.clone(), new_token()?);
        }
        Ok(Tokens {
            gm: new_token()?,
            powers,
        })
    }

    /// What a store keeps of them.
    pub fn hashes(&self) -> TokenHashes {
        TokenHashes {
            gm: token_hash(&self.gm),
            powers: self
                .powers
                .iter()
                .map(|(p, t)| (p.clone(), token_hash(t)))
                .collect(),
        }
    }

    /// The answer of `POST /v1/games` (and `diplo serve tokens --format json`):
    /// `{"id", "gm_token", "power_tokens": {"France": ...}}`.
    pub fn to_json(&self, id: &GameId) -> serde_json::Value {
        serde_json::json!({ "id": id.as_str(), "gm_token": self.gm, "power_tokens": self.powers })
    }

    /// The page links to hand out, on a server at `base` (`http://127.0.0.1:8080`): the game
    /// master's (`/gm/ID#token=...`) first, then each power's (`/game/ID#token=...`), as
    /// (who, link). The token is in the fragment, which browsers never send to a server.
    pub fn links(&self, base: &str, id: &GameId) -> Vec<(String, String)> {
        let base = base.trim_end_matches('/');
        let id = id.as_str();
        let mut out = vec![(
            "game master".to_string(),
            format!("{base}/gm/{id}#token={}", self.gm),
        )];
        out.extend(
            self.powers
                .iter()
                .map(|(p, t)| (p.clone(), format!("{base}/game/{id}#token={t}"))),
        );
        out
    }
}

/// Gives the game `id` of `store` new tokens and answers them (the store keeps their hashes).
/// A game that has tokens already keeps them ([`StoreError::TokensIssued`]) unless `reissue`:
/// then the old ones stop working.
pub fn issue(store: &dyn GameStore, id: &GameId, reissue: bool) -> Result<Tokens, StoreError> {
    let mut tokens = None;
    store.update(id, &mut |game| {
        tokens = Some(
            Tokens::for_game(game).map_err(|e| diplo_game::GameError::Io {
                path: "the operating system's random source".into(),
                what: "no random token",
                source: e,
            })?,
        );
        Ok(false)
    })?;
    let tokens = tokens.ok_or(StoreError::NotFound)?;
    store.issue_tokens(id, &tokens.hashes(), reissue)?;
    Ok(tokens)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_put_the_token_in_the_fragment() {
        let t = Tokens {
            gm: "g".into(),
            powers: [("France".to_string(), "f".to_string())].into(),
        };
        let id = GameId::parse("0123456789abcdef0123456789abcdef").unwrap();
        assert_eq!(
            t.links("http://h:1/", &id),
            [
                (
                    "game master".to_string(),
                    "http://h:1/gm/0123456789abcdef0123456789abcdef#token=g".to_string()
                ),
                (
                    "France".to_string(),
                    "http://h:1/game/0123456789abcdef0123456789abcdef#token=f".to_string()
                ),
            ]
        );
        assert_eq!(
            t.hashes().role("f"),
            Some(crate::Role::Power("France".into()))
        );
    }
}
