//! Variant rules a ruleset may set per game over what the map says (DATC 2.4 chapters 7–12 and
//! the house rules of variant play).

use strum::{EnumIter, EnumMessage, EnumString, IntoStaticStr};

use diplo_map::BuildRule;

/// A variant rule's enum of choices: each variant's ruleset word and one-line meaning.
macro_rules! plain_choices {
    (
        $(#[$meta:meta])*
        pub enum $Enum:ident {
            $( $(#[$vmeta:meta])* $Variant:ident = $word:literal, $msg:literal; )+
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
        pub enum $Enum {
            $( $(#[$vmeta])* #[strum(serialize = $word, message = $msg)] $Variant, )+
        }
    };
}

plain_choices! {
    /// Where powers may build: the map's own rule, or a house rule over it ("build anywhere").
    pub enum Builds {
        /// The map's `build` rule (home centres on the standard map).
        Map = "map", "as the map says (home centres unless the map says otherwise)";
        /// Owned, empty home centres only.
        HomeCentres = "home-centres", "owned, empty home centres only";
        /// Any owned, empty supply centre (the house rule "build anywhere"; DATC 2.4 chapter 11).
        OwnedCentres = "owned-centres",
            "any owned, empty supply centre; civil disorder measures distance from owned centres (build anywhere)";
        /// Any owned, empty supply centre while the power owns one of its home centres.
        OwnedCentresIfHome = "owned-centres-if-home",
            "any owned, empty supply centre while the power owns at least one of its home centres";
    }
}

impl Builds {
    /// The build rule in force on `map`.
    pub fn rule(self, map: &diplo_map::Map) -> BuildRule {
        match self {
            Builds::Map => map.build,
            Builds::HomeCentres => BuildRule::HomeCentres,
            Builds::OwnedCentres => BuildRule::OwnedCentres,
            Builds::OwnedCentresIfHome => BuildRule::OwnedCentresIfHome,
        }
    }
}

plain_choices! {
    /// Whether a unit may be converted into the other kind during adjustments (the 2025 Era of
    /// Empire rules, DATC 3.2 chapter 1): the map's `unit_conversion`, or a house rule over it.
    pub enum UnitConversion {
        /// The map's `unit_conversion` (none on the standard map).
        Map = "map", "as the map says (no conversions unless the map allows them)";
        /// No conversions.
        NotAllowed = "not-allowed", "no unit is converted";
        /// A unit in an owned supply centre may become the other kind.
        OwnedCentres = "owned-centres",
            "during adjustments a unit in an owned supply centre may become the other kind (Era of Empire)";
    }
}

impl UnitConversion {
    /// The conversion rule in force on `map`.
    pub fn rule(self, map: &diplo_map::Map) -> diplo_map::Conversion {
        match self {
            UnitConversion::Map => map.conversion,
            UnitConversion::NotAllowed => diplo_map::Conversion::None,
            UnitConversion::OwnedCentres => diplo_map::Conversion::OwnedCentres,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// DATC 2.4 chapter 7 (Colonial): the "Additional assumptions" the document calls disputable.
// The first choice of each is the document's.
// ---------------------------------------------------------------------------------------------

plain_choices! {
    /// Whether a move of another army of the railroad's power into a place the railroad move passes
    /// stops it (DATC 2.4 7.B.4: "A move with the Trans-Siberian Railroad can bounce on a Russian
    /// unit").
    pub enum RailroadBounceOwn {
        /// 7.B.4: it competes like any other move: both bounce.
        Bounces = "bounces",
            "a move of the power's own army into a place on the way bounces the railroad move (7.B.4)";
        /// The railroad move passes an own army moving in, as it passes one that stays; neither
        /// stops the other there.
        Passes = "passes",
            "the railroad move passes through an own army moving in; neither bounces the other there";
    }
}

impl RailroadBounceOwn {
    /// Whether an own move into a place on the way competes with the railroad move.
    pub fn own_moves_compete(self) -> bool {
        self == RailroadBounceOwn::Bounces
    }
}

plain_choices! {
    /// Whether a railroad move passes through a place held by another army of its power (DATC 2.4
    /// 7.B.3, 7.B.9: "A Russian army can rail through another Russian army as long it is not
    /// dislodged").
    pub enum RailroadPassOwn {
        /// It passes while that army is not dislodged (and is no part of its beleaguered garrison).
        UnlessDislodged = "unless-dislodged",
            "passes through an own army that stays, as long as that army is not dislodged (7.B.3, 7.B.9)";
        /// Errata 9.23 read literally: any unit that stays in a place on the way stops the train.
        Blocked = "blocked",
            "an own army that stays stops the railroad move like any other unit (errata 9.23 read literally)";
    }
}

impl RailroadPassOwn {
    /// Whether an own army that stays lets the railroad move through.
    pub fn passes_own(self) -> bool {
        self == RailroadPassOwn::UnlessDislodged
    }
}

plain_choices! {
    /// Where support for a railroad move counts (DATC 2.4 7.B.15: "can only receive support on the
    /// final part of the move").
    pub enum RailroadSupport {
        /// Only on the last part, into the destination.
        LastPart = "last-part",
            "support counts only on the final part of the move, into the destination (7.B.15)";
        /// A support of the move counts on every part.
        EveryPart = "every-part",
            "a support of the move counts on every part of it";
    }
}

impl RailroadSupport {
    /// Whether support counts on a part that does not end in the destination.
    pub fn counts_on_the_way(self) -> bool {
        self == RailroadSupport::EveryPart
    }
}

plain_choices! {
    /// Whether a railroad move cuts support (DATC 2.4 7.B.14: "can not cut support").
    pub enum RailroadCut {
        /// It is no attack: it cuts nothing.
        NoCut = "no-cut",
            "a railroad move cuts no support (7.B.14)";
        /// It cuts the support of a unit of another power in each place it tries to enter (not a
        /// support against the place it comes from).
        Cuts = "cuts",
            "it cuts the support of a foreign unit in each place it tries to enter, except a support against the place it comes from";
    }
}

impl RailroadCut {
    /// Whether a railroad move cuts support where it tries to enter.
    pub fn cuts(self) -> bool {
        self == RailroadCut::Cuts
    }
}

plain_choices! {
    /// A railroad move whose first place holds a unit moving into the railroad's origin (DATC 2.4
    /// 7.B.26–7.B.29).
    pub enum RailroadHeadToHead {
        /// A head-to-head battle over the first place in which the railroad move cannot dislodge.
        NoDislodge = "no-dislodge",
            "a head-to-head battle with the first place; the railroad move cannot dislodge, so it never moves (7.B.26-7.B.29)";
        /// A plain head-to-head battle: a winning railroad move dislodges the unit and stops there.
        Dislodges = "dislodges",
            "a plain head-to-head battle: when the railroad move wins it dislodges the unit and ends in the first place";
    }
}

impl RailroadHeadToHead {
    /// Whether a railroad move that wins the battle dislodges the unit.
    pub fn dislodges(self) -> bool {
        self == RailroadHeadToHead::Dislodges
    }
}

plain_choices! {
    /// A paradox (a cycle with no or two consistent resolutions) that includes a railroad move
    /// (DATC 2.4 7.B.23–7.B.25, 7.B.31).
    pub enum RailroadParadox {
        /// "At least the last part of the move that is part of the paradoxical situation fails, but
        /// is still capable of bouncing other units" (an extension of the Szykman rule).
        SzykmanLastPart = "szykman-last-part",
            "the last part of the railroad move in the paradox fails but still bounces; the rest follows (7.B.23-7.B.25, 7.B.31)";
        /// The whole railroad move fails and has no effect anywhere: the army stays.
        WholeMoveFails = "whole-move-fails",
            "the whole railroad move fails and bounces nothing: the army stays in its origin";
    }
}

plain_choices! {
    /// Railroads in retreats (DATC 2.4 7.B.32: "can not be used during retreat").
    pub enum RailroadRetreat {
        /// A railroad retreat is illegal (as a convoyed one is); the unit is disbanded.
        NotAllowed = "not-allowed",
            "a retreat by railroad is illegal, as a convoyed retreat is (7.B.32)";
    }
}

plain_choices! {
    /// Several railroad moves on one railroad in one turn (DATC 2.4 7.B.33).
    pub enum RailroadTwoUnits {
        /// "They both hold (able to receive a hold support)": the orders are illegal.
        BothHold = "both-hold",
            "every railroad move on that railroad is illegal: the armies hold and may be supported to hold (7.B.33)";
    }
}

plain_choices! {
    /// Who gets the canal permission (DATC 2.4 7.C.4–7.C.6: "Only one unit can get permission").
    pub enum CanalPermission {
        /// One fleet: an explicit permission denies the implicit ones; two possible implicit
        /// permissions (or two explicit ones) are all denied. So no head-to-head through the canal.
        One = "one",
            "one fleet only: an explicit permission denies implicit ones; two possible permissions are both denied (7.C.4-7.C.6)";
        /// Every fleet permitted explicitly, and every fleet of the canal power, may pass.
        Every = "every",
            "every explicitly permitted fleet and every fleet of the power in the canal province may pass";
    }
}

impl CanalPermission {
    /// Whether at most one fleet gets permission.
    pub fn only_one(self) -> bool {
        self == CanalPermission::One
    }
}

plain_choices! {
    /// A paradox that includes a move through a canal (DATC 2.4 7.C.8–7.C.12).
    pub enum CanalParadox {
        /// "The move through the Suez Canal fails and the fleet moving through the Suez Canal does
        /// not have any effect on its ordered destination" (an extension of the Szykman rule).
        CanalMoveFails = "canal-move-fails",
            "the move through the canal fails and has no effect on its destination (7.C.8-7.C.12)";
        /// Every move in the paradox fails (as the All Hold rule does for convoys).
        AllHold = "all-hold",
            "every move of the paradox fails (as the All Hold rule)";
    }
}

plain_choices! {
    /// A paradox that combines railroad, canal and convoy rules (DATC 2.4 7.C.13, 7.C.14, 7.D).
    pub enum VariantParadox {
        /// "All paradox rules should be applied at the same time": no priority.
        Together = "together",
            "the railroad, canal and convoy paradox rules are applied at the same time (7.C.13, 7.C.14)";
        /// The railroad and canal rules first; the convoy paradox rule only if a paradox remains.
        VariantFirst = "variant-first",
            "the railroad and canal rules first; the convoy paradox rule only where a paradox remains";
    }
}

plain_choices! {
    /// DATC 3.2 5.B.9's last rule: a cycle that is neither circular movement nor a convoy paradox
    /// (possible only with variant rules).
    pub enum OtherCycles {
        /// Every move and support in it fails.
        AllFail = "all-fail",
            "every move and support in the cycle fails (DATC 3.2 5.B.9)";
        /// Left unresolved, reported like a paradox the rule gives no answer for.
        Unresolved = "unresolved",
            "the cycle is left unresolved and reported as such";
    }
}

// ---------------------------------------------------------------------------------------------
// Half-strength borders (1900's Suez Canal rule: the route around Africa). The first choice of
// each is the reading the rules text supports best.
// ---------------------------------------------------------------------------------------------

plain_choices! {
    /// What "half strength" halves for a move over a half-strength border (1900 rule 7: "A unit
    /// that moves in this manner does so at half strength").
    pub enum HalfStrength {
        /// The move's whole strength, its supports included, is halved: unsupported ½, one
        /// support 1, two supports 1½.
        Whole = "whole",
            "the move's whole strength, supports included, is halved (unsupported 1/2, with one support 1)";
        /// Only the unit's own strength is halved; its supports count in full (½ + supports).
        Own = "own",
            "only the unit's own strength is halved; each support counts in full (unsupported 1/2, with one support 1 1/2)";
    }
}

impl HalfStrength {
    /// A move's strength in half points from its DATC strength `s` (1 + supports, less any
    /// difficult-border penalty), when it moves at half strength.
    pub fn halve(self, s: u32) -> u32 {
        match self {
            HalfStrength::Whole => s,
            HalfStrength::Own => (2 * s).saturating_sub(1),
        }
    }
}

plain_choices! {
    /// Whether an army convoyed over a half-strength border to its destination cuts a support
    /// there (1900 rule 7 gives the "only by dislodging" rule to fleets moving around Africa, and
    /// says of a convoyed army only that it "attacks at half strength").
    pub enum HalfStrengthConvoyCut {
        /// It cuts support as any attack does; only its strength is halved.
        Cuts = "cuts",
            "a convoyed army landing over a half-strength border cuts support as usual (the rule gives the dislodge-only rule to fleets)";
        /// Like a fleet moving over the border, it cuts a support only by dislodging the supporter.
        DislodgeOnly = "dislodge-only",
            "a convoyed army landing over a half-strength border cuts a support only by dislodging, as a fleet moving over it";
    }
}

impl HalfStrengthConvoyCut {
    /// Whether such a convoyed army cuts support only by dislodging.
    pub fn dislodge_only(self) -> bool {
        self == HalfStrengthConvoyCut::DislodgeOnly
    }
}
