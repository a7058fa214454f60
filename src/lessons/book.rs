//! The lessons, in the order they are taught: from how a game is won to a first whole game.
//! Each position is a scenario file under data/lessons/ (the learner is Jehan, seat 0; the
//! others are Anselm, Berthe and Clovis); the tests play each lesson's solution and a wrong
//! try (tests/lessons.rs).

use super::{Lesson, Others, Over, LEARNER};
use crate::rules::cards::find_lord;
use crate::rules::events::n_;
use crate::rules::Game;

/// The Village with this map key, if the map has it.
fn village<'g>(g: &'g Game, key: &str) -> Option<&'g crate::rules::VillageState> {
    g.map
        .find_village(key)
        .and_then(|v| g.villages.get(v as usize))
}

/// Whether the learner declared a battle in the Village with this key.
fn attacked(g: &Game, key: &str) -> bool {
    let at = g.map.find_village(key);
    g.history.iter().any(|(p, a)| {
        *p == LEARNER
            && matches!(a, crate::rules::Action::DeclareBattle { village, .. } if Some(*village) == at)
    })
}

/// The goal stays within reach until the try is over.
fn never(_: &Game) -> bool {
    false
}

/// Whether the learner's family holds the title of the Fief with this key (4.3).
fn holds_fief(g: &Game, key: &str) -> bool {
    g.map
        .find_fief(key)
        .is_some_and(|f| g.title_holder_player(f) == Some(LEARNER))
}

/// Whether the Lord of this name is the learner's and stands in the Village `at`.
fn lord_at(g: &Game, name: &str, at: &str) -> bool {
    let (Some(l), Some(v)) = (find_lord(name), g.map.find_village(at)) else {
        return false;
    };
    g.lord(l)
        .is_some_and(|l| l.owner == LEARNER && l.captor.is_none() && l.village == v)
}

pub static LESSONS: [Lesson; 10] = [
    Lesson {
        id: "win",
        title: n_("How a game is won"),
        goal: n_("Buy the title of the County of Tournus: it is your third Victory Point."),
        coach: &[
            n_("A game of Fief is won at the end of a round, by a family with 3 Victory Points (VP) and no ally, or by two allied families with 4 VP between them."),
            n_("VP come from titles: 1 for each Fief Title, 1 for the King and 1 for the Pope. Your Lord Philippe already holds two Fief Titles, Beaujeu and Bresse: that is 2 VP."),
            n_("A Fief Title is bought in the Purchase phase. You need every Village of the Fief, a Stronghold in one of them and the price: 2 Deniers a Village. Your family holds Louhans, Tournus and Sennecey, Tournus has a Stronghold, and you have 6 Deniers."),
            n_("Open the Purchases page beside the map and buy the title for Thierry, who stands in Tournus."),
        ],
        look_at: &["louhans", "tournus", "sennecey"],
        sections: &["7.0", "7.1", "7.2", "4.3"],
        position: include_str!("../../data/lessons/01-win.json"),
        others: Others::Partners,
        over: Over::PhaseEnds,
        reached: |g| holds_fief(g, "tournus"),
        gone: never,
        missed: n_("Your purchases are over and Tournus has no title yet. Try again: on the Purchases page, the title of Tournus is among the titles on offer."),
        solution: &["buy-title tournus thierry tournus"],
    },
    Lesson {
        id: "troops",
        title: n_("Troops and income"),
        goal: n_("Buy a Knight and two Men-at-Arms for Philippe's army in St Paul."),
        coach: &[
            n_("In Phase 3, Income, each Village you control pays 1 Denier and each Mill on it 2 more. Your Deniers are shown on your family board."),
            n_("In Phase 4 you buy Troops. A Man-at-Arms costs 1 Denier and is worth 1 Strength Point in battle; a Knight costs 3 and is worth 3. They come into play where one of your Lords stands, or in a Stronghold you control, at most 4 new ones a Village each round."),
            n_("Troops move and fight only with a Lord, so they are bought where your Lords are. Count them on the Purchases page with + and −, then buy."),
        ],
        look_at: &["st_paul"],
        sections: &["3.0", "4.1"],
        position: include_str!("../../data/lessons/02-troops.json"),
        others: Others::Partners,
        over: Over::PhaseEnds,
        reached: |g| {
            village(g, "st_paul").is_some_and(|v| {
                let t = v.troops[LEARNER as usize];
                t.knights >= 1 && t.maa >= 3
            })
        },
        gone: never,
        missed: n_("Your purchases are over, and St Paul does not have a new Knight and two new Men-at-Arms. Try again: 3 Deniers for the Knight, 1 for each Man-at-Arms."),
        solution: &["buy-knight st_paul", "buy-maa st_paul", "buy-maa st_paul"],
    },
    Lesson {
        id: "move",
        title: n_("Movement and permission"),
        goal: n_("Bring Beaudoin and both his Men-at-Arms from Blaye to L'Épervier."),
        coach: &[
            n_("In Phase 5 each family moves in turn. A Lord has 2 Moves, each along one road to the next Village, and takes Troops with him. Troops never move without a Lord."),
            n_("L'Épervier is two roads away, through Charolles, where Berthe's army stands. To pass through a Village another family occupies you need its permission; stopping there is always allowed."),
            n_("Drag Beaudoin's army from Blaye to Charolles, then on to L'Épervier. Berthe will be asked to let you pass."),
        ],
        look_at: &["blaye", "charolles", "lepervier"],
        sections: &["5.0", "5.1"],
        position: include_str!("../../data/lessons/03-move.json"),
        others: Others::Partners,
        over: Over::PhaseEnds,
        reached: |g| {
            lord_at(g, "Beaudoin", "lepervier")
                && village(g, "lepervier").is_some_and(|v| v.troops[LEARNER as usize].maa >= 2)
        },
        gone: never,
        missed: n_("Movement is over and Beaudoin's army is not in L'Épervier with both Men-at-Arms. Try again: the way is Blaye, Charolles, L'Épervier, and the Troops go with him."),
        solution: &[
            "move beaudoin charolles maa=2",
            "move beaudoin lepervier maa=2",
        ],
    },
    Lesson {
        id: "battle",
        title: n_("Battles and their odds"),
        goal: n_("Attack Anselm in Givry and drive his Men-at-Arms out."),
        coach: &[
            n_("In Phase 6 a family may attack any other family whose units share a Village with a Lord of its own. Gauvain's army, 3 Men-at-Arms and a Knight, stands in Givry with Anselm's 2 Men-at-Arms."),
            n_("Each side counts its Strength Points: 1 for a Man-at-Arms, 3 for a Knight, 1 for a Lord. Up to 6 roll 1 die, 7 to 12 roll 2, 13 or more roll 3. Each die makes 1 to 3 hits; a Man-at-Arms falls to 1 hit, a Knight to 3. Before you attack, the window shows your odds."),
            n_("A battle goes on roll after roll until one side is gone, surrenders or agrees to a truce. Click Givry to attack, then fight."),
        ],
        look_at: &["givry"],
        sections: &["6.0", "6.1", "6.2", "6.2.2"],
        position: include_str!("../../data/lessons/04-battle.json"),
        others: Others::Partners,
        over: Over::PhaseEnds,
        reached: |g| {
            village(g, "givry").is_some_and(|v| {
                let anselm = v.troops[1];
                v.controller == Some(LEARNER) && anselm.maa + anselm.knights == 0
            })
        },
        gone: never,
        missed: n_("The battles are over and Anselm still has Troops in Givry. Try again: attack him and fight until his side is gone."),
        solution: &["battle givry anselm", "fight"],
    },
    Lesson {
        id: "siege",
        title: n_("Sieges"),
        goal: n_("Lay siege to Clovis's Stronghold in Tournus instead of attacking it."),
        coach: &[
            n_("Walls shelter their defenders: an attack on a Stronghold rolls 1 die fewer, on a Fortified City 2 fewer. Clovis has 3 Men-at-Arms and a Knight behind the walls of Tournus."),
            n_("Instead of attacking, you may lay siege once your battles are done. A Siege Engine goes up and cancels 1 die of the walls' penalty, 2 if you keep the siege next round; the besieged Village pays its owner nothing meanwhile."),
            n_("Click Tournus and choose to lay siege."),
        ],
        look_at: &["tournus"],
        sections: &["6.2.1", "6.4", "6.4.1", "6.4.2"],
        position: include_str!("../../data/lessons/05-siege.json"),
        others: Others::Partners,
        over: Over::PhaseEnds,
        reached: |g| village(g, "tournus").is_some_and(|v| v.besieger == Some(LEARNER)),
        // The goal is a siege instead of a battle: an attack ends the try at once.
        gone: |g| attacked(g, "tournus"),
        missed: n_("Tournus was not put under siege instead of a battle. An attack against its walls costs you a die and Troops: try again, and lay the siege without attacking, before you end your battles."),
        solution: &["siege tournus"],
    },
    Lesson {
        id: "title",
        title: n_("Fief Titles"),
        goal: n_("Become Count of Tournus: build a Stronghold there, then buy the title."),
        coach: &[
            n_("Each of the 8 Fiefs has a title worth 1 VP. You must control every one of its Villages, have a Stronghold in one of them, and pay 2 Deniers a Village; the title goes to one of your Lords, who may hold two at most."),
            n_("You hold Louhans, Tournus and Sennecey, the three Villages of the County of Tournus, but none has a Stronghold. A Stronghold costs 10 Deniers; the title then costs 6. You have 16."),
            n_("Buy the Stronghold in Tournus first, then the title. The Stronghold becomes the County's Fortified City: whoever takes that City later takes the title with it."),
        ],
        look_at: &["louhans", "tournus", "sennecey"],
        sections: &["4.2", "4.3"],
        position: include_str!("../../data/lessons/06-title.json"),
        others: Others::Partners,
        over: Over::PhaseEnds,
        reached: |g| holds_fief(g, "tournus"),
        gone: never,
        missed: n_("Your purchases are over and you do not hold the title of Tournus. Try again: the Stronghold first (10 Deniers), then the title (6)."),
        solution: &["buy-stronghold tournus", "buy-title tournus thierry tournus"],
    },
    Lesson {
        id: "marriage",
        title: n_("Marriages and alliances"),
        goal: n_("Marry your Charles to Berthe's Blanche and become Berthe's ally."),
        coach: &[
            n_("In Phase 1 each family in turn may propose a marriage between an unmarried man of its own and an unmarried Lady of another family, or the other way round. If the other family accepts, the two are allies."),
            n_("Allies win together with 4 VP between them, but an allied family can never win alone. A marriage may also be ended later, by a death or by the Pope."),
            n_("Propose the marriage of Charles and Blanche in the prompt bar. Berthe will answer."),
        ],
        look_at: &["tournus", "charolles"],
        sections: &["1.1", "1.1.1", "7.2"],
        position: include_str!("../../data/lessons/07-marriage.json"),
        others: Others::Partners,
        over: Over::PhaseEnds,
        reached: |g| g.ally(LEARNER) == Some(2),
        gone: never,
        missed: n_("The marriages are over and you have no ally. Try again: propose Charles to Blanche."),
        solution: &["propose charles blanche"],
    },
    Lesson {
        id: "election",
        title: n_("Elections: Bishop, King and Pope"),
        goal: n_("Get your François elected Bishop of Sigy."),
        coach: &[
            n_("A Bishopric whose Villages are all controlled and which has no Bishop elects one in Phase 1. Any unmarried man who is not already a Bishop may stand."),
            n_("Each family votes with its weight in that Bishopric: 2 for its Principal Village, 1 for each other Village, 2 for each Bishop and 3 for each Cardinal or Pope it has. Each family places two markers face down: one FOR a candidate and a decoy."),
            n_("The Pope is chosen by the Cardinals from among the Bishops and Cardinals, the King by every titled Lord; each is worth 1 VP. Now nominate François, then vote for him: you hold Sigy, the Principal Village."),
        ],
        look_at: &["sigy", "st_ciers", "beaujeu", "st_paul"],
        sections: &["1.3", "1.4", "1.4.1", "1.7", "1.8"],
        position: include_str!("../../data/lessons/08-election.json"),
        others: Others::Partners,
        over: Over::PhaseEnds,
        reached: |g| {
            g.map
                .find_village("sigy")
                .and_then(|v| g.map.villages.get(v as usize))
                .and_then(|v| g.titles.bishop.get(v.bishopric as usize))
                .copied()
                .flatten()
                .and_then(|l| g.lord(l))
                .is_some_and(|l| l.owner == LEARNER)
        },
        gone: never,
        missed: n_("The election is over and François is not the Bishop of Sigy. Try again: nominate him, then place your FOR marker on him."),
        solution: &["nominate francois", "vote for=francois decoy=-"],
    },
    Lesson {
        id: "cards",
        title: n_("Cards and Disasters"),
        goal: n_("Play your Bountiful Harvest to cancel the Famine on Bishopric 4."),
        coach: &[
            n_("Every round Disasters are turned up: Heavy Rain stops all movement in its Bishopric, Famine stops its Mills' income, Plague may kill its Lords and halves its armies."),
            n_("Fortune cards help: Bountiful Harvest and Good Weather add to Mills' income, Taxes bring Deniers, and Opportunity cards (Uprising, Secret Passage, Assassination...) may be played at almost any time."),
            n_("A Famine lies on Bishopric 4, where your Mills in Tournus and Louhans stand. Click the Bountiful Harvest in your hand and play it on Bishopric 4: it cancels the Famine."),
        ],
        look_at: &["tournus", "louhans"],
        sections: &["2.1", "2.3", "2.3.2", "2.4", "2.4.2"],
        position: include_str!("../../data/lessons/09-cards.json"),
        others: Others::Partners,
        over: Over::PhaseEnds,
        reached: |g| g.bishopric_cards.get(3).is_some_and(|b| !b.famine),
        gone: never,
        missed: n_("The cards are played and the Famine still lies on Bishopric 4. Try again: select the Bountiful Harvest, then its use on Bishopric 4."),
        solution: &["harvest 4"],
    },
    Lesson {
        id: "game",
        title: n_("A first game"),
        goal: n_("Play a whole game against three Easy bots. Win it if you can!"),
        coach: &[
            n_("Everything you learnt comes together now. Choose a starting Village, build up Troops and income, take the Villages of a Fief and buy its title."),
            n_("The coach speaks up at the moments that matter: your first purchase, your first battle, a title within reach. The Hint button asks for advice at any time."),
        ],
        look_at: &[],
        sections: &["7.0", "7.1"],
        position: include_str!("../../data/lessons/10-game.json"),
        others: Others::EasyBots,
        over: Over::Never,
        reached: |g| g.is_over(),
        gone: never,
        missed: "",
        solution: &[],
    },
];
