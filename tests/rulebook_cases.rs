//! The rulebook's worked cases (digest §11) as named tests, each a scenario file under
//! tests/scenarios/ (format: docs/scenarios.md), and further scenarios for the rules of
//! phases 1-4 and 7 that the rulebook states without a worked example.

fn case(name: &str) {
    let path = format!("{}/tests/scenarios/{name}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    if let Err(e) = fief::scenario::check(&text) {
        panic!("{name}:\n  {e}");
    }
}

macro_rules! cases {
    ($($name:ident),* $(,)?) => {
        $(#[test] fn $name() { case(stringify!($name)); })*
        /// Every scenario file has a named test above.
        #[test]
        fn every_scenario_file_is_a_named_test() {
            let named = [$(stringify!($name)),*];
            let dir = format!("{}/tests/scenarios", env!("CARGO_MANIFEST_DIR"));
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.extension().is_some_and(|e| e == "json") {
                    let stem = path.file_stem().unwrap().to_string_lossy().to_string();
                    assert!(named.contains(&stem.as_str()), "{stem}.json has no named test");
                }
            }
        }
    };
}

cases!(
    cardinal_purchase_needs_the_popes_consent,
    cardinal_purchase_with_consent,
    crown_prince,
    family_of_four,
    lord_placement_in_stronghold,
    lord_placement_order,
    mills_at_most_two,
    pope_keeps_bishop_priority_at_home,
    position_refused_family_of_five,
    stronghold_purchase,
    t01_starting_placement,
    t01_starting_placement_occupied,
    t02_marriage,
    t02_marriage_church_title,
    t03_bishop_votes_from_villages,
    t04_highest_title_only,
    t05_bishop_of_sigy,
    t06_cardinal_by_card,
    t06_cardinal_card_to_discard_on_death,
    t06_cardinal_needs_a_bishop,
    t07_pope,
    t08_pope_tithe_against_bishop_tithe,
    t09_draw_order_freedom,
    t09_never_two_lords,
    t10_drawing_through_disasters,
    t11_plague_kills_on_1_to_3,
    t11_plague_losses,
    t12_harvest_cancels_famine,
    t13_good_weather_then_harvest,
    t13_no_harvest_in_heavy_rain,
    t14_royal_tallage,
    t15_bonuses_stack_across_types,
    t16_no_second_harvest,
    t16_two_harvests,
    t17_fifth_new_counter_refused,
    t17_purchase_four_per_village,
    t18_fief_title_price,
    t18_title_needs_a_stronghold,
    t18_title_needs_every_village,
    t19_combining_titles,
    t20_keep_the_largest,
    t20_passing_a_title,
    t21_ransom_price,
    t22_compulsory_ransom,
    t22_lower_offer_accepted,
    t22_ransom_cannot_be_skipped,
    t34_solo_fief_king_and_pope,
    t34_solo_three_fiefs,
    t34_solo_two_fiefs_and_king,
    t34_solo_two_fiefs_and_pope,
    t34_two_vp_is_not_enough,
    t35_tie_break_king,
    t36_alliance_victory,
    t36_no_alliance_with_three_players,
    t36_solo_beats_alliance,
    t44_kings_price,
    t44_or_buy_at_full_price,
    t48_besieged_village_income,
    tithe_first_cardinal_wins,
);
