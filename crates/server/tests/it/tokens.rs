//! Games the server did not make: a game file written by the library (as `diplo game new`
//! writes it) opens only once it is given tokens (`diplo_server::issue_tokens`); a file whose
//! name is no game id is left alone by every request and by the deadline checker.

use diplo_game::{Game, MapSource};
use diplo_server::{FileStore, GameId, GameStore, StoreError};

use crate::{start, Server};

/// A standard game as `diplo game new` makes it, saved as `name` in the server's folder.
fn game_file(s: &Server, name: &str) -> Game {
    let game = Game::new(
        diplo_map::Map::standard(),
        MapSource::Embedded("standard".into()),
        diplo_rules::Ruleset::datc(),
        Vec::new(),
    );
    game.save(&s.games.join(name)).unwrap();
    game
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_made_without_the_server_opens_once_it_has_tokens() {
    let s = start().await;
    let id = GameId::random().unwrap();
    game_file(&s, &format!("{}.toml", id.as_str()));
    let path = format!("/v1/games/{}", id.as_str());
    // No tokens file: the game is unknown to every request, with or without a token.
    assert_eq!(s.get(&path, None).await.status, 404);
    let store = FileStore::open(&s.games).unwrap();

    let tokens = diplo_server::issue_tokens(&store, &id, false).unwrap();
    assert_eq!(tokens.powers.len(), 7);
    let text = std::fs::read_to_string(store.tokens_path(&id)).unwrap();
    assert!(!text.contains(&tokens.gm), "a token is kept in clear");
    let r = s.get(&path, Some(&tokens.gm)).await;
    assert_eq!(r.status, 200, "{}", r.json());
    assert_eq!(r.json()["view"], "host");
    let france = &tokens.powers["France"];
    let r = s
        .request(
            "PUT",
            &format!("{path}/orders"),
            Some(france),
            b"A par - bur\n",
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.json());

    // Issued once: a second time is refused and changes nothing ...
    let again = diplo_server::issue_tokens(&store, &id, false);
    assert!(matches!(again, Err(StoreError::TokensIssued)), "{again:?}");
    assert_eq!(
        std::fs::read_to_string(store.tokens_path(&id)).unwrap(),
        text
    );
    assert_eq!(s.get(&path, Some(&tokens.gm)).await.status, 200);
    // ... unless reissued: the old tokens stop working, the game keeps its orders.
    let new = diplo_server::issue_tokens(&store, &id, true).unwrap();
    assert_ne!(new, tokens);
    assert_eq!(s.get(&path, Some(&tokens.gm)).await.status, 404);
    let r = s.get(&path, Some(&new.gm)).await;
    assert_eq!(r.status, 200);
    assert_eq!(r.json()["order_sets"].as_array().unwrap().len(), 1);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(store.tokens_path(&id))
            .unwrap()
            .permissions();
        assert_eq!(mode.mode() & 0o777, 0o600);
    }
    // No game file, no tokens.
    let nothing = GameId::random().unwrap();
    let r = diplo_server::issue_tokens(&store, &nothing, false);
    assert!(matches!(r, Err(StoreError::NotFound)), "{r:?}");
    assert!(!store.tokens_path(&nothing).exists());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_file_not_named_by_an_id_is_ignored() {
    let s = start().await;
    let mut club = game_file(&s, "club.toml");
    let deadline = diplo_game::time::parse_rfc3339("2030-01-01T00:00:00Z").unwrap();
    club.set_deadline(Some(deadline)).unwrap();
    club.save(&s.games.join("club.toml")).unwrap();
    let before = std::fs::read(s.games.join("club.toml")).unwrap();
    std::fs::write(s.games.join("club.tokens.toml"), "gm = \"x\"\n").unwrap();
    std::fs::write(s.games.join("notes.txt"), "not a game").unwrap();
    std::fs::create_dir(s.games.join("0123456789abcdef0123456789abcdef.toml")).unwrap();
    let store = FileStore::open(&s.games).unwrap();
    assert_eq!(store.list().unwrap(), []);
    for path in [
        "/v1/games/club",
        "/v1/games/club.toml",
        "/v1/games/notes.txt",
    ] {
        assert_eq!(s.get(path, None).await.status, 404, "{path}");
    }
    // A folder named like a game is no game either.
    let dir_id = GameId::parse("0123456789abcdef0123456789abcdef").unwrap();
    let r = diplo_server::issue_tokens(&store, &dir_id, false);
    assert!(matches!(r, Err(StoreError::NotFound)), "{r:?}");
    // The deadline checker passes over them all.
    let after = diplo_game::time::parse_rfc3339("2030-01-02T00:00:00Z").unwrap();
    assert_eq!(diplo_server::adjudicate_passed(&store, after), []);
    assert_eq!(std::fs::read(s.games.join("club.toml")).unwrap(), before);
    // Asked for by its name, it is refused with the way out: a file named by an id.
    let why = store.id_of("club").unwrap_err();
    assert!(
        why.contains("not a game id") && why.contains("rename"),
        "{why}"
    );
    assert!(store.id_of("notes").unwrap_err().contains("for instance"));
    assert_eq!(
        store.id_of(&format!("{}.toml", dir_id.as_str())),
        Ok(dir_id)
    );
}
