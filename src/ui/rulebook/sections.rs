//! The complete rules of Fief: France 1429, written for this app in our own words, with the
//! section numbers players know from the rulebook. Where the rulebook is silent or unclear,
//! the text says how this app settles it (the rulings of docs/rulings.md, which the engine
//! follows). Every paragraph goes through gettext.

use crate::ui::tr;

/// One numbered section of the rules.
#[derive(Debug, Clone, PartialEq)]
pub struct Section {
    /// "1.4", "6.2.1", or "" for the opening pages.
    pub number: &'static str,
    pub title: String,
    pub paragraphs: Vec<String>,
    /// A bare chapter number the engine cites for this section ("4" for setup, "9" for the
    /// consequences of a death): the engine's keys for parts of the rules without a number.
    pub alias: &'static str,
}

impl Section {
    /// How deep in the numbering it sits: 1 for "1.0" or "4", 2 for "1.4", 3 for "6.2.1".
    pub fn depth(&self) -> usize {
        match self.number.split('.').count() {
            2 if self.number.ends_with(".0") => 1,
            n => n.max(1),
        }
    }

    /// The heading as shown: "1.4 Bishop elections".
    pub fn heading(&self) -> String {
        if self.number.is_empty() {
            self.title.clone()
        } else {
            format!("{} {}", self.number, self.title)
        }
    }
}

fn s(number: &'static str, title: String, paragraphs: Vec<String>) -> Section {
    Section {
        number,
        title,
        paragraphs,
        alias: "",
    }
}

fn aka(alias: &'static str, section: Section) -> Section {
    Section { alias, ..section }
}

/// The whole rules, in reading order.
pub fn sections() -> Vec<Section> {
    let mut out = vec![
        aka("3", s("", tr("The game"), vec![
            tr("Fief: France 1429 is played by 3 to 6 players. Each leads a noble family of up to four Lords and Ladies. Families marry, elect Bishops, a Pope and a King, raise taxes and armies, and fight over Villages and Fiefs, until a family, or two families joined by marriage, gathers enough Victory Points."),
            tr("Victory Points (VP) come from titles: each Fief Title held by a family is worth 1 VP, the King 1 VP and the Pope 1 VP. At the end of a round a player without an ally wins with 3 VP; two allied players win together with 4 VP between them (with 4 or more players)."),
            tr("Open to everyone: the map, the Lords on the family boards with their titles and markers, the Disaster track (its cards face down until they strike) and everyone's Deniers. Hidden: the cards in hand, the order of the decks, the discard piles (which may not be searched) and ballots until they are turned over."),
        ])),
        aka("4", s("", tr("Setup"), vec![
            tr("The 25 Fortune cards are shuffled with the 10 Disaster cards into one deck; the 22 Lord cards make the Lords deck."),
            tr("Each player draws a Lord card as the first member of his family; it goes on his family board, not in his hand. A Cardinal or d'ARC drawn now is shuffled back and another card drawn."),
            tr("Each family's stockpile: 13 Men-at-Arms, 8 Knights, 2 Siege Engines, 3 Diplomacy markers, 2 Vote markers (FOR and DECOY), 3 Tax markers and 1 Marriage ring. Each player starts with 5 Deniers."),
            tr("A First Player is chosen (the app draws one at random unless the game says otherwise). In turn order, clockwise from him, each player picks a free Village and places there his first Lord, 1 Knight, 3 Men-at-Arms and a Stronghold. He controls that Village."),
        ])),
        aka("5", s("", tr("A round"), vec![
            tr("A round has seven phases, played in this order. Within a phase, players act clockwise from the First Player, each finishing his part before the next begins; Income is collected by everyone at once."),
            tr("1. Hear Ye, Hear Ye: marriages, then elections of Bishops, the Pope and the King. 2. Discard, draw and play cards; Disasters strike. 3. Income. 4. Purchase (ransoms first). 5. Movement. 6. Battles, sieges, then pillage. 7. End of round: Disasters are removed, victory is checked and the First Player card passes to the left."),
            tr("Opportunity cards (marked with a lightning bolt) and other \"any time\" actions may be used at any moment of any phase except the Draw step; during the Discard step they may be played instead of being discarded. Other Fortune cards are played only in the Play Cards step, and may be kept for a later round."),
        ])),
        s("1.0", tr("Phase 1: Hear Ye, Hear Ye"), vec![
            tr("The phase opens with marriages. Then every election whose conditions are met is held: the Bishoprics first, lowest number first, then the Pope, then the King."),
        ]),
        s("1.1", tr("Marriage alliances"), vec![
            tr("Marriage is the only way to form an alliance, and it is made only in this step. An unmarried male Lord of one player may marry an unmarried Lady of another player when both players agree. The groom may not be a Bishop, Cardinal or Pope, and a Lady holding d'ARC never marries."),
            tr("A player has one marriage at a time, so at most one ally. The two players exchange Marriage rings, each ring going onto the spouse's card. If the groom is the King, the bride becomes Queen at once; a Queen Regent's new husband does not become King."),
            tr("With 4 or more players, the two families are allied: they can only win together, never alone. With 3 players a marriage makes no alliance. Allies may still attack, assassinate and capture each other; the alliance lasts as long as the marriage."),
        ]),
        s("1.1.1", tr("Ending an alliance"), vec![
            tr("An alliance ends only when the marriage does: when a spouse dies, whatever the cause, or when the Pope annuls the marriage at a spouse's request. A royal marriage cannot be annulled once there is a Crown Prince. The surviving spouse is free to marry again."),
        ]),
        s("1.2", tr("Titles"), vec![
            tr("Fief Titles: Baron or Baroness of a Fief of 2 Villages, Count or Countess of 3, Duke or Duchess of 4. They are bought in the Purchase phase (4.3). A Lord holds at most 2 Fief Titles."),
            tr("Church titles, for unmarried men only: Bishop and Pope are elected; a Cardinal comes from a Cardinal card or from buying the Biretta. A Lord holds at most one Bishop title and one Cardinal title, and may hold Fief Titles besides."),
            tr("Royal titles: the King (elected), the Queen or Queen Regent, and the Crown Prince. A Titled Lord is one who holds any of these titles."),
        ]),
        s("1.3", tr("How an election works"), vec![
            tr("Nomination: in turn order, each player may name one of his eligible Lords as a candidate. Captive or excommunicated Lords can neither stand nor vote."),
            tr("Voting: each player with votes in this election places, in turn order and face down, none, one or both of his markers on candidates. The FOR marker gives that candidate all of the player's votes; the DECOY marker counts for nothing and is there to bluff. Votes are never split."),
            tr("Count: the markers are turned over and only FOR votes are counted. Decoys and abstentions play no part in any majority. The winner takes the title at once."),
        ]),
        s("1.4", tr("Bishop elections"), vec![
            tr("A Bishopric elects a Bishop when it has none and each of its Villages is controlled by some player. Each vacant Bishopric holds its own election, lowest number first."),
            tr("Candidates: any unmarried male Lord who is not already a Bishop, not the King, not captive and not excommunicated; he need not be in the Bishopric. A Crown Prince may stand, but stops being Crown Prince if elected."),
            tr("Votes: 2 for controlling the Bishopric's principal Village, 1 for each other Village of it a player controls, 2 for each of his free Bishops in play since the start of the round, and 3 for each of his free Cardinals and his Pope. A Lord counts only for his highest church title."),
            tr("Result (1.4.1): the winner needs strictly more FOR votes than every other candidate, and at least one; a tie elects nobody and the seat stays vacant this round. A Bishop keeps the title for life unless he is excommunicated."),
            tr("A Bishop may Tithe his own Bishopric, and may try to stop an Uprising in it (10.1): on a die roll of 1 to 4 it is stopped; on 5 or 6 it goes ahead and the Bishop is stoned to death."),
        ]),
        s("1.5", tr("Cardinals"), vec![
            tr("Cardinals are not elected. A Cardinal card (there are 3 in the Lords deck) may be played at any time on any Bishop; the purchasable Biretta costs 5 Deniers in the Purchase phase and must go at once on a Bishop. So there are at most 4 Cardinals. While there is a Pope, either needs his consent."),
            tr("A Cardinal gives 3 votes in Bishop elections and is the only voter for the Pope. He may Tithe any one governed Bishopric. For 3 Deniers he may try to stop an Uprising anywhere (1 to 4 stops it) without any risk to himself; he may instead try for free as a Bishop in his own Bishopric, at the Bishop's risk."),
        ]),
        s("1.6", tr("When a Bishop or Cardinal dies"), vec![
            tr("His Bishop's staff and Biretta go back to the board; a Cardinal card tied to him goes to the Lords discard pile, and the purchasable Biretta returns to its space to be bought again. An excommunicated Bishop or Cardinal loses these pieces in the same way."),
        ]),
        s("1.7", tr("The Pope"), vec![
            tr("The Pope is elected when there is none, at least 2 free Cardinals are in play and a free Bishop or Cardinal is nominated. Only Bishops and Cardinals may stand; each free Cardinal gives his player 1 vote."),
            tr("Result (1.7.1): the winner needs more than half of all FOR votes placed. The Pope is worth 1 VP and reigns for life; he keeps his other church titles."),
            tr("The Pope gives 3 votes in Bishop elections. His consent is needed for every new Cardinal. He may annul a marriage when a spouse asks, Tithe every governed Bishopric with one Tax card, and is immune to Justice."),
            tr("Once per round, at any time, he may excommunicate one Lord (only one Lord is excommunicated at a time). That Lord cannot vote or stand, and loses his Bishop and Cardinal titles. The Pope may lift it whenever he likes; it ends when the Pope dies."),
        ]),
        s("1.8", tr("The King"), vec![
            tr("The King is elected when there is none (or only a Queen Regent). Candidates: male Titled Lords without a church title, free and not excommunicated. Every free, not excommunicated Titled Lord, man or woman, gives his player exactly 1 vote."),
            tr("To be elected, a candidate needs at least 3 FOR votes, strictly more than any other candidate, and among the Lords who voted for him either 2 Bishops, or a Cardinal, or the Pope."),
            tr("The King is worth 1 VP and reigns for life. In his turn of the Purchase phase he may grant an unclaimed Fief Title for free to a Lord who meets its conditions; he may Tallage one ungoverned Fief; he is immune to Justice."),
        ]),
        s("1.8.1", tr("Queen and Queen Regent"), vec![
            tr("The King's wife is Queen. She earns 2 Deniers each Income phase, is immune to Justice and is worth no VP. While the King lives and she is free, her family may make a newly played son the Crown Prince."),
            tr("If the King dies with no Crown Prince, she becomes Queen Regent with the King's powers but not his VP, until a new King is elected."),
        ]),
        s("1.8.2", tr("Crown Prince"), vec![
            tr("When the Queen's family plays a new male Lord while she is free, it may name him Crown Prince; there is only one. When the King dies, the Crown Prince becomes King at once (without the old King's Fief Titles) and the old Queen loses her title. He stops being Crown Prince if he becomes a Bishop. He is immune to Justice."),
        ]),
        s("2.0", tr("Phase 2: Discard, Draw and Play Cards"), vec![
            tr("In turn order each player discards and draws; then the Disasters on the track strike; then, in turn order, cards are played."),
        ]),
        s("2.1", tr("Discard and draw"), vec![
            tr("A player may first discard any cards from his hand, face up. Then he may draw up to 2 Fortune cards, or 1 Lord card and 1 Fortune card, in any order, deciding after each; never 2 Lord cards. A hand holds at most 3 cards; no draw may go beyond that."),
            tr("A Disaster drawn from the Fortune deck is put face down, unseen, on the lowest free space of the Disaster track (discarded if the track is full), and the player keeps drawing until he gets a Fortune card. Disasters count neither as a draw nor against the hand."),
        ]),
        s("2.2", tr("Empty decks"), vec![
            tr("A deck that runs out is made again by shuffling its discard pile. A Lord card drawn again is a new Lord with the same name."),
        ]),
        s("2.3", tr("Disasters"), vec![
            tr("After the draws, the Disasters on the track are turned over one at a time, space 1 first. For each, a die picks the Bishopric (1 to 5); a 6 is a false alarm and the card is discarded. A Bishopric never holds two Disasters of the same kind: the die is rolled again. Disasters last until the end of the round."),
            tr("For new players the rulebook suggests discarding the Disasters of the first round instead of resolving them."),
        ]),
        s("2.3.1", tr("Heavy Rain"), vec![
            tr("No movement and no battle in, into or out of the Bishopric, Cavalcades included. Good Weather cancels it; Bountiful Harvest may not be played there. Uprisings ignore it, and a Secret Passage allows one Move."),
        ]),
        s("2.3.2", tr("Famine"), vec![
            tr("The Bishopric's Mills earn nothing this round and its Villages may be struck by an Uprising. Bountiful Harvest cancels it; Good Weather may not be played there."),
        ]),
        s("2.3.3", tr("Plague"), vec![
            tr("When it arrives, a die is rolled for every Lord in the Bishopric, captives included: on 1 to 3 he dies. In every Village there, each player's army loses half its Troops, rounded down, the owner choosing which; Siege Engines are spared."),
            tr("Until the end of the round, a Lord entering the Bishopric rolls the same way and an army entering it loses half its Troops. A Lord who comes back, or moves straight from one Plague Bishopric into another, does not roll again. Troops bought there and Lords newly played there are not affected."),
        ]),
        s("2.4", tr("Playing cards"), vec![
            tr("In turn order, each player may play any number of Lord cards and Fortune cards. Bountiful Harvest, Good Weather, Taxes and ordinary Lords can be played only now; Opportunity cards at any time."),
        ]),
        s("2.4.1", tr("Lord cards"), vec![
            tr("A Lord card adds a member to the family, which holds at most 4 Lords, captives included. The new Lord is placed in the first of these that exists: a Stronghold or Fortified City the player controls; a Village with another of his Lords; a Village he controls; an empty uncontrolled Village or one of his ally's. He may act at once. Freed and escaped Lords are placed the same way."),
            tr("A Lord standing alone, without Troops, is killed by an Uprising and captured at once by an enemy army."),
        ]),
        s("2.4.2", tr("Bountiful Harvest"), vec![
            tr("Played on a Bishopric without Heavy Rain. It cancels a Famine there (both cards are discarded); otherwise each Mill of the Bishopric earns 1 Denier more this round, whoever owns it."),
        ]),
        s("2.4.3", tr("Good Weather"), vec![
            tr("Played on a Bishopric without Famine. It cancels a Heavy Rain there (both cards are discarded); otherwise each Mill of the Bishopric earns 1 Denier more this round."),
        ]),
        s("2.4.4", tr("Taxes"), vec![
            tr("A Tax card is played as a Tallage on a Fief or a Tithe on a Bishopric, even by a captive Lord's title. The player puts one of his 3 Tax markers on the Fief or on the Bishopric's mitre. A taxed Fief or Bishopric may be struck by an Uprising."),
        ]),
        s("2.4.5", tr("Tallage"), vec![
            tr("A Fief's titled Lord may Tallage his own Fief, and the King (or Queen Regent) any one ungoverned Fief. At Income the taxing player receives 2 Deniers for each Village of the Fief; the Villages still pay their controllers as usual."),
        ]),
        s("2.4.6", tr("Tithe"), vec![
            tr("A Bishop may Tithe his own Bishopric, a Cardinal any one governed Bishopric, and the Pope all governed Bishoprics with one card. At Income the tithing player takes all the Mill income of the Bishopric instead of the Mills' owners."),
            tr("When several players tithe one Bishopric, one is paid: its own Bishop first, then the first Cardinal who tithed it, then the Pope."),
        ]),
        s("2.4.7", tr("Several Fortune cards in one Bishopric"), vec![
            tr("Different cards may be combined in one Bishopric, each kind of bonus counting once: Bountiful Harvest and Good Weather together give 2 Deniers more per Mill. A second card of the same kind may not be played there unless the first cancelled a Disaster."),
        ]),
        s("3.0", tr("Phase 3: Income"), vec![
            tr("Everyone collects at once: 1 Denier for each Village he controls (empty Villages of a Fief he governs included) and 2 Deniers for each Mill on them, plus 1 per Mill for each of Bountiful Harvest and Good Weather in its Bishopric. A Famine makes the Mills earn nothing; a Tithe sends their income to the tithing player; besieged Villages and their Mills earn nothing. The Queen earns 2 Deniers and a Tallage 2 per Village of the Fief."),
            tr("Then the Tax markers go back to their owners and the Fortune cards on the map are discarded; Disasters stay until the end of the round. A Tallage whose Lord lost the Fief Title pays whoever holds the Title now, or nobody; a Tithe whose Lord died or lost his title pays nobody."),
        ]),
        s("4.0", tr("Phase 4: Purchase"), vec![
            tr("Ransoms are settled first (6.2.4). Then, in turn order, each player makes all his purchases; nothing can be bought once its pieces have run out."),
        ]),
        s("4.1", tr("Troops"), vec![
            tr("A Man-at-Arms costs 1 Denier (1 SP, killed by 1 hit); a Knight costs 3 Deniers (3 SP, killed by 3 hits). New Troops go to a Village with one of the player's free Lords (besiegers included) or to a Stronghold or Fortified City he controls, at most 4 new Troops per Village each round, never into a besieged Stronghold or City."),
        ]),
        s("4.2", tr("Buildings"), vec![
            tr("A Stronghold costs 10 Deniers, at most one per Village; a Mill costs 3 Deniers, at most two per Village. Both go on a Village the player controls, and belong to whoever controls that Village. Only an Uprising destroys a Stronghold; Mills are lost to pillage and Uprisings."),
        ]),
        s("4.3", tr("Fief Titles"), vec![
            tr("A player who controls every Village of a Fief, with a Stronghold in at least one of them, may buy its Title: 2 Deniers per Village, so 4 for a Barony, 6 for a County and 8 for a Duchy. The King may instead grant it for free in his turn. The crown goes to one of the player's Lords who holds fewer than 2 Fief Titles."),
            tr("The Fief is now governed, and one of its Strongholds becomes its Fortified City, which cannot be bought; a Fief has only one. Whoever takes control of the Fortified City takes the Fief Title with it."),
            tr("In the Purchase phase only, a Lord with two Fief Titles may pass one to another Lord of his family, keeping the larger one."),
        ]),
        aka("9", s("4.3.1", tr("When a titled Lord dies"), vec![
            tr("His Fief Titles pass at once to another Lord of his family. If he was the last of his family and married, they go to his spouse, whose Troops replace his in the Fortified City. If he was the last and unmarried, the crown returns to the map; his family takes it back for free with its next Lord if it still holds the Fortified City."),
            tr("A death also ends the Lord's marriage and alliance (1.1.1) and frees or returns his church and royal titles (1.6, 1.7, 1.8); a Lord with no Troops left around him stays where he is. His card goes to the discard pile."),
        ])),
        s("4.4", tr("The purchasable Biretta"), vec![
            tr("For 5 Deniers a player may make a Bishop a Cardinal, with the Pope's consent if there is a Pope. There is only one such Biretta. The rules do not say whose Bishop: this app lets it go to another family's Bishop too, as with a Cardinal card."),
        ]),
        s("5.0", tr("Phase 5: Movement"), vec![
            tr("In turn order, each player moves all his free Lords and Troops. A Move takes a Lord along one road to the next Village; a Lord has 2 Moves, d'ARC 3, and everyone travelling with her 3. Troops move only with a Lord, who may pick them up and drop them on the way, but they may not be handed from one Lord to another to go further. Captives are carried by their captor's units."),
            tr("An army may stop in any Village, occupied or not; nothing is fought until Phase 6, and then only if someone declares a battle."),
            tr("To pass through a Village where another player has units, the mover needs permission from the player who controls it and from any player sitting on the road he wants to leave by. If refused, he may go back where he came from or stay there, but may not leave his Troops behind and go on alone. A Secret Passage or a Cavalcade avoids asking."),
            tr("If an enemy army came into your Village this phase, you may leave by any road but the one it came in by. Units in a besieged Stronghold or City leave only with the besieger's permission, a Secret Passage or a Cavalcade. Heavy Rain stops all movement in its Bishopric."),
        ]),
        s("5.1", tr("Controlling a Village"), vec![
            tr("A Village is uncontrolled or controlled by exactly one player. A player takes control as soon as his Lords or Troops occupy it. A Village left empty is uncontrolled again, unless it lies in a governed Fief, whose titled Lord controls its empty Villages."),
            tr("When units of several players share a Village, the first to arrive controls it; later arrivals stand on the road they came in by. The controller may hand control to another player who has units there. A Stronghold or Fortified City belongs to whoever controls its Village."),
        ]),
        s("5.2", tr("Cavalcades"), vec![
            tr("A Cavalcade is a battle fought during movement so as to go on moving: to break out of a siege, to leave by a road an opponent holds, or to pass through a Village an opponent occupies. Only Lords and Knights may ride in one (no Men-at-Arms), it may not pass through a Stronghold or Fortified City, and the army must have a Move left after the fight."),
            tr("The battle is fought on the spot, the defender adding 1 hit to each die he rolls. The Cavalcade goes on only if every defending Troop is gone and one of its Lords lives: it must then move on (Knights may be left behind to hold the Village). Otherwise it stays there and its movement ends."),
        ]),
        s("6.0", tr("Phase 6: Battles"), vec![
            tr("In turn order, a player may declare a battle in any Village where he has a Lord and Troops and another player has Troops; each battle is fought at once, then he may declare another. After his battles he declares or continues his sieges (6.4). When all battles are over, Mills may be pillaged (6.5)."),
            tr("With three or more players in a Village, each of the others chooses a side or stays out; a side pools its SP, and its strongest member picks its losses. Allies may be attacked, and sides may be changed at any time. Lords without Troops never fight each other, and a Lord alone among enemy Troops is captured at once. No battle takes place under Heavy Rain."),
        ]),
        s("6.1", tr("How long a battle lasts"), vec![
            tr("A battle is a series of rolls. It ends when one side is destroyed or surrenders, when everyone agrees to a truce, or after 3 rolls in a row in which nobody lost anything. An attacker facing a Stronghold or Fortified City may also stop after any roll."),
        ]),
        s("6.2", tr("Battle rolls"), vec![
            tr("Strength Points (SP): 1 per Man-at-Arms, 3 per Knight, 1 per male Lord and 1 per titled Lady (d'ARC counts as titled); untitled Ladies and Siege Engines give none. A side rolls 1 die with 1 to 6 SP, 2 dice with 7 to 12 and 3 dice with 13 or more; d'ARC adds a die. A side with no SP rolls nothing. SP and dice are counted again before every roll."),
        ]),
        s("6.2.1", tr("Attacking a fortification"), vec![
            tr("The attacker rolls 1 die less against a Stronghold and 2 dice less against a Fortified City, when the defenders hold it. Siege Engines cancel up to 2 of those dice, and a Secret Passage cancels them all. There is no penalty when the besieged attack their besiegers. Dice never fall below 0."),
        ]),
        s("6.2.2", tr("Losses"), vec![
            tr("Both sides roll, and losses are taken at the same time. Each die face shows 1, 2 or 3 hits. Each side chooses its own casualties and must remove as many SP as it can without exceeding the hits it took: a Man-at-Arms takes 1 hit, a Knight 3. Hits that cannot be used are lost."),
            tr("Lords are hit only when all their side's Troops are dead: each remaining hit kills one Lord. Lords left alive without Troops are captured, unless both sides lost their last Troops in the same roll."),
        ]),
        s("6.2.3", tr("Captives"), vec![
            tr("A captive lies on his side and belongs to his captor, who may move him with his units. He stays captive while he shares a Village with the captor's units, and is freed by a Secret Passage, by a ransom or his captor's good will, or when all his captor's Troops there are killed. Only an Assassination may kill him."),
            tr("A captive keeps his titles and income and still counts in his family's four Lords, but may not vote or stand for election."),
        ]),
        s("6.2.4", tr("Ransom"), vec![
            tr("At the start of the Purchase phase, a captive's ransom is 2 Deniers plus 2 for each title he holds. A family that can pay the full price must pay it, and the captor must accept it and free him. The two may also agree a lower price, which the captor may refuse. The freed Lord is placed as a new Lord would be."),
        ]),
        s("6.3", tr("The end of a battle"), vec![
            tr("After a roll in which both sides still have Troops, a side may surrender: its Troops are disbanded and its Lords captured. In a truce everyone stays and the former controller keeps the Village. When only Lords remain on both sides, or after 3 rolls without losses, everyone stays and control does not change."),
            tr("When one side is destroyed, the survivors control the Village, with its Stronghold or Fortified City, and with a Fortified City the Fief Title. If both sides are wiped out, the Village goes to the Fief's titled Lord, or becomes uncontrolled. An attacker who stops against a fortification leaves it under siege."),
        ]),
        s("6.4", tr("Sieges"), vec![
            tr("After his battles, a player with Troops in a Village where an opponent holds a Stronghold or Fortified City may lay siege to it: a Siege Engine goes beside his Troops on its 1-die side, turned to its 2-dice side if he keeps the siege the next round. Each player has only 2 Siege Engines; allies may each bring one."),
        ]),
        s("6.4.1", tr("Effects of a siege"), vec![
            tr("The besieged player keeps control of the Village, but it and its Mills earn nothing. His Troops cannot leave except with the besieger's permission, a Secret Passage or a Cavalcade. He and his allies may move Troops straight in from a neighbouring Village without fighting; he may place new Lords inside but no new Troops, while the besieger may bring in new Troops. The besieged may attack out, giving up the walls."),
            tr("The besieger may pillage the Village's Mills and may end the siege at any time, removing the Siege Engines."),
        ]),
        s("6.4.2", tr("Siege Engines in battle"), vec![
            tr("A 1-die engine cancels one die of penalty, a 2-dice engine two. Engines add no SP and take no hits. An engine is removed when its owner's Troops all leave the Village or all die there."),
        ]),
        s("6.5", tr("Pillage"), vec![
            tr("When all battles are over, in turn order, a player may pillage Mills on Villages he controls or besieges, even his own. Each pillaged Mill is removed and pays him 1 Denier."),
        ]),
        s("7.0", tr("Phase 7: End of round"), vec![
            tr("Disasters still on the map are discarded and victory is checked. Each Fief Title is worth 1 VP, the King 1 VP and the Pope 1 VP; the Queen is worth none. If nobody wins, the First Player card passes to the left and a new round begins."),
        ]),
        s("7.1", tr("Victory alone"), vec![
            tr("A player without an ally wins with 3 VP or more at the end of a round: for instance 3 Fiefs, 2 Fiefs and the crown, or a Fief, the crown and the tiara."),
        ]),
        s("7.2", tr("Victory of an alliance"), vec![
            tr("With 4 or more players, two players joined by marriage win together with 4 VP or more between them. An allied player can never win alone."),
        ]),
        s("7.3", tr("Ties"), vec![
            tr("A victory alone beats an alliance's victory. Between tied winners, the first of these decides: the King, the Pope, the Queen Regent, then the most Fiefs, Bishoprics and Villages (an alliance adding up its holdings)."),
        ]),
        s("8.0", tr("Diplomacy"), vec![
            tr("Each player has 3 Diplomacy markers and never gets more. At any time he may spend one to accept up to 3 Deniers from another player, to receive one or more cards (within his hand of 3), or to talk in private for 3 minutes. Open talk at the table is always free, but money and cards change hands only through a marker."),
            tr("A marker is needed for a gift to the Pope to lift an excommunication, for a payment to the King for a free Title, for money or cards in a marriage deal, and to sell or give a Holy Relic. Haggling over a ransom needs none."),
            tr("In this app, Deniers that go with a deal are offered with it: a toll of 1 to 3 Deniers to each player asked for passage, a dowry of up to 3 Deniers with a marriage proposal, or 1 to 3 Deniers to each player of the other side for a truce. Each receiver takes them with one of his markers when the deal is made, so an offer to a player with no marker left cannot be made."),
        ]),
        s("9.0", tr("Lord Opportunity cards"), vec![
            tr("d'ARC and Cardinal cards come from the Lords deck but are played at any time except the Draw step, like other Opportunity cards."),
        ]),
        s("9.1", tr("d'ARC"), vec![
            tr("Played on any unmarried Lady, of any family; she may never marry. She has 3 Moves (those travelling with her too), her side rolls 1 more die in every battle, and she counts 1 SP like a titled Lady. When she dies the card is discarded."),
        ]),
        s("9.2", tr("Cardinal"), vec![
            tr("Played on a Bishop, who becomes a Cardinal at once (1.5), with the Pope's consent if there is a Pope. When he dies the card is discarded."),
        ]),
        s("10.0", tr("Fortune Opportunity cards"), vec![
            tr("Uprising, Secret Passage, Assassination, Justice and Ambush may be played at any time except the Draw step, then discarded."),
        ]),
        s("10.1", tr("Uprising"), vec![
            tr("Played on a Village of a taxed Fief or Bishopric, or of a Bishopric struck by Famine, but not on the strength of a tax the player raised himself. The Troops there are attacked at once by 1 die plus 1 hit; a Stronghold or Fortified City takes dice away as in a battle, and with no die left there is no bonus hit either. Several Uprisings on one Village add their dice before the penalty, with 1 bonus hit per die rolled."),
            tr("If every Troop there dies, the Lords there die too, and the Mills and any Stronghold are destroyed (a Fortified City stands). The Village's Bishop, or a Cardinal for 3 Deniers, may first try to stop it (1.4, 1.5)."),
        ]),
        s("10.2", tr("Secret Passage"), vec![
            tr("In movement: an army with a Lord leaves a besieged Stronghold or City as its first Move, makes one Move in Heavy Rain, or passes through or out of an occupied Village without asking anyone."),
            tr("In a battle: the attacker ignores all penalties of a Stronghold or Fortified City (10.2.2). At any time: it cancels an Assassination (before its roll) or an Ambush aimed at one of your Lords, or frees your captives without ransom (10.2.3)."),
        ]),
        s("10.3", tr("Assassination"), vec![
            tr("Played on any Lord but your own, captives and royals included, naming one of your Lords as the sponsor, who takes an Assassin marker whatever happens. The target's player rolls a die: on 1 to 3 the Lord dies."),
        ]),
        s("10.4", tr("Justice"), vec![
            tr("Played on a Lord who carries an Assassin marker: he is executed. The King, the Queen, the Crown Prince and the Pope are immune."),
        ]),
        s("10.5", tr("Ambush"), vec![
            tr("Played by a player with a Lord in a battle: he captures one opposing Lord of that battle, unless that Lord's player answers with a Secret Passage."),
        ]),
        s("11.0", tr("Optional rules"), vec![
            tr("Holy Relics (11.1), Fog of War (11.2) and Open Diplomacy (11.3) are variants for experienced players, agreed before the game."),
        ]),
        s("11.1", tr("Holy Relics"), vec![
            tr("The five relics start at random on the five principal Villages. A church Lord standing there may take one: the Bishop of that Bishopric, any Cardinal or the Pope, with permission if another player controls and occupies the Village. A relic then travels with its holder; selling or giving it costs a Diplomacy marker. A relic left behind may be taken by any Lord, and has no effect while unclaimed."),
            tr("Holy Grail: when defending, each enemy die scores 1 hit less. Eyes of Saint Roseline: at the end of Play Cards, move Heavy Rain by a die roll. Teeth of Saint Géronce: once, cancel a Lord's death just after it happens. Holy Spear: when attacking, 1 hit more per roll. Bone of Saint Rhadegund: at the end of Play Cards, remove a Famine on 4 to 6."),
            tr("In this app a relic is taken during its taker's Movement, and the Teeth of Saint Géronce are used at once on the first death of a Lord of the holder's family or of his ally's (never on the holder himself)."),
        ]),
        s("11.2", tr("Fog of War"), vec![
            tr("Troops stand face down: opponents do not see what a stack holds until a battle begins there. Purchases are announced, but not where they go."),
        ]),
        s("11.3", tr("Open Diplomacy"), vec![
            tr("There are no Diplomacy markers: money, cards and private talks change hands freely."),
            tr("The cap of 3 Deniers goes with the markers: a toll, a dowry, the price of a truce or the King's price for a Title may be any sum the payer has."),
        ]),
        s("12.0", tr("Rulings"), vec![
            tr("A player with no Lords or Troops left is not out of the game: he still draws, plays cards and negotiates, and his next Lord comes into play as usual."),
            tr("Where the rulebook leaves a question open, this app follows one reading throughout; the in-game prompts name the rule they apply."),
        ]),
        s("13.0", tr("Definitions"), vec![
            tr("Controlled: a Village where a player has Lords or Troops, or an empty Village of a Fief he governs. Family: up to 4 Lords. Governed: a Bishopric with a Bishop, or a Fief whose Title has been taken. Troops: Men-at-Arms and Knights."),
        ]),
    ];
    out.retain(|s| !s.paragraphs.is_empty());
    out
}

/// Sections whose heading or text contains `query` (case-insensitive); all when it is empty.
pub fn search(sections: &[Section], query: &str) -> Vec<usize> {
    let q = query.trim().to_lowercase();
    sections
        .iter()
        .enumerate()
        .filter(|(_, s)| {
            q.is_empty()
                || s.heading().to_lowercase().contains(&q)
                || s.paragraphs.iter().any(|p| p.to_lowercase().contains(&q))
        })
        .map(|(i, _)| i)
        .collect()
}

/// The section a rule reference such as "6.2.4" or "Rule 1.4.1" points to: the deepest
/// section whose number starts the reference.
pub fn find(sections: &[Section], reference: &str) -> Option<usize> {
    let r = reference
        .trim()
        .trim_start_matches(|c: char| !c.is_ascii_digit());
    let r = r.split([' ', ',', ';', ')']).next().unwrap_or("");
    if r.is_empty() {
        return None;
    }
    if let Some(i) = sections.iter().position(|s| s.alias == r) {
        return Some(i);
    }
    let mut best: Option<(usize, usize)> = None;
    for (i, s) in sections.iter().enumerate() {
        if s.number.is_empty() {
            continue;
        }
        let n = s.number.trim_end_matches(".0");
        let hit = r == s.number || r == n || r.starts_with(&format!("{n}."));
        if hit && best.is_none_or(|(_, len)| n.len() > len) {
            best = Some((i, n.len()));
        }
    }
    best.map(|(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules_cover_every_phase_with_unique_numbers() {
        let all = sections();
        let mut numbers: Vec<&str> = all
            .iter()
            .map(|s| s.number)
            .filter(|n| !n.is_empty())
            .collect();
        let n = numbers.len();
        numbers.dedup();
        assert_eq!(numbers.len(), n, "a section number twice");
        for chapter in [
            "1.0", "2.0", "3.0", "4.0", "5.0", "6.0", "7.0", "8.0", "9.0", "10.0", "11.0",
        ] {
            assert!(numbers.contains(&chapter), "{chapter} missing");
        }
        let words: usize = all
            .iter()
            .flat_map(|s| &s.paragraphs)
            .map(|p| p.split_whitespace().count())
            .sum();
        assert!(words > 3500, "only {words} words");
        assert_eq!(all[find(&all, "1.4").unwrap()].number, "1.4");
    }

    #[test]
    fn search_and_references_find_their_sections() {
        let all = sections();
        let hits = search(&all, "cavalcade");
        assert!(hits.iter().any(|i| all[*i].number == "5.2"));
        assert!(hits.len() < all.len());
        assert_eq!(search(&all, "").len(), all.len());
        assert!(search(&all, "zzzz no such word").is_empty());
        let at = |r: &str| find(&all, r).map(|i| all[i].number);
        assert_eq!(at("6.2.4"), Some("6.2.4"));
        assert_eq!(at("Rule 1.4.1"), Some("1.4"));
        assert_eq!(at("5.0"), Some("5.0"));
        assert_eq!(at("4.0"), Some("4.0"));
        assert_eq!(at("7"), Some("7.0"));
        let titled = |r: &str| find(&all, r).map(|i| all[i].title.clone());
        assert_eq!(
            titled("4").as_deref(),
            Some("Setup"),
            "the engine's §4 is the setup"
        );
        assert_eq!(titled("5").as_deref(), Some("A round"));
        assert_eq!(
            at("9"),
            Some("4.3.1"),
            "the engine's §9 is death and inheritance"
        );
        assert_eq!(at("2.3.3"), Some("2.3.3"));
        assert_eq!(at("10.2.1"), Some("10.2"));
        assert_eq!(at("1.1"), Some("1.1"));
        assert_eq!(at(""), None);
    }
}
