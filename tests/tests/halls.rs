//! A run's end is entered once, by the play layer (`store::enter_end`),
//! whatever keeps it: the desktop's files, the page's storage and a
//! board's flash each enter the same three runs, say the same words of
//! the place each took, and read back the same hall. On the host only:
//! the page's crate, built for WebAssembly, imports the page's functions.
#![cfg(not(target_os = "wasi"))]

use amulets_core::game::{Cause, Game};
use amulets_core::player::Class;
use amulets_embedded::flash::{FlashStore, REGION, RamFlash};
use amulets_play::fame::{Hall, Table};
use amulets_play::morgue::{End, Ending};
use amulets_play::store::{Fame, Records, Saves, enter_end};

/// A Fighter of `seed` dead on the first floor with `gold`.
fn dead(seed: u32, gold: u32) -> Game {
    let mut game = Game::new_run(seed, Class::Fighter);
    game.player_mut().gold = gold;
    game.die_for_tests(Cause::Poison);
    game
}

/// The words of each of three runs' ends entered in `store`, and the
/// golds of the hall it reads back, best first.
fn enter_three(store: &mut (impl Saves + Records + Fame)) -> (Vec<String>, Vec<u32>) {
    store.claim().unwrap();
    let words = [40, 90, 10]
        .into_iter()
        .map(|gold| {
            let game = dead(7, gold);
            let end = End {
                game: &game,
                ending: Ending::Died,
                replay: None,
                bot: false,
            };
            let words = enter_end(store, &end)
                .unwrap()
                .expect("the store keeps records");
            words.to_string()
        })
        .collect();
    store.read_hall().unwrap();
    let hall = Hall::parse(store.hall().expect("a hall is kept")).unwrap();
    let golds = hall.table(Table::Runs).iter().map(|e| e.gold).collect();
    (words, golds)
}

/// The words up to where the record is: the place in the hall.
fn place(words: &str) -> &str {
    words.split_inclusive('!').next().unwrap_or("")
}

#[test]
fn a_hall_entered_on_the_desktop_the_page_and_a_board_says_the_same() {
    let dir = std::env::temp_dir().join(format!("amulets-halls-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let desktop = enter_three(&mut amulets_desktop::FileStore::in_dir(&dir));
    let page = enter_three(&mut amulets_web::store::LocalStore::new(
        amulets_web::store::Memory::default(),
        true,
    ));
    let mut board = FlashStore::new(RamFlash::<{ REGION as usize }, 4096>::new(), 0);
    let board = enter_three(&mut board);
    let _ = std::fs::remove_dir_all(&dir);

    let places = |(words, _): &(Vec<String>, Vec<u32>)| -> Vec<String> {
        words.iter().map(|w| place(w).to_string()).collect()
    };
    let expected = [
        "Number 1 in the hall of fame!",
        "Number 1 in the hall of fame!",
        "Number 3 in the hall of fame!",
    ];
    for (shell, entered) in [("desktop", &desktop), ("page", &page), ("board", &board)] {
        assert_eq!(
            places(entered),
            expected,
            "the {shell} said {:?}",
            entered.0
        );
        assert_eq!(entered.1, [90, 40, 10], "the {shell}'s hall");
    }
    // Each then says where its record went, in its own medium's words.
    assert!(
        desktop.0[0].contains("The record is in "),
        "{:?}",
        desktop.0
    );
    assert!(page.0[0].contains("(Records, below)"), "{:?}", page.0);
    assert!(board.0[0].contains("Record 1 is kept"), "{:?}", board.0);
}
