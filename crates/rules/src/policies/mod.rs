//! The choices of every disputable issue. An issue the engine asks about at a decision point is
//! a trait with an `enum_dispatch` enum of its choices (30 of them): each choice is a unit struct
//! implementing the trait, and adding one is one new struct, one variant and its `impl`. The
//! other issues are plain enums: the hosting rules the game library reads (DATC 4.D.1, 4.D.2,
//! 4.E.4, 4.E.5), the adjustment phase and the variant rules, whose few choices the code matches
//! on directly; adding a choice there is a variant and the places that match on it.
//!
//! The enums' variant names, in kebab case (strum), are the words a ruleset file uses:
//! `multi_route_disruption = "all-routes"`. Nothing asks which edition is in force.
//!
//! One module per section of DATC chapter 4, so that "where does 4.A.3 live" is one step:
//! [`convoys`] (4.A), [`coasts`] (4.B), [`designation`] (4.C), [`orders`] (4.D; its 4.D.8, civil disorder, in [`civil_disorder`]), [`other`] (4.E), and [`variants`] (rules of variant maps).
//! Every item is re-exported here.

macro_rules! choices {
    ($($name:ident),* $(,)?) => {
        $(
            #[doc = concat!("The `", stringify!($name), "` choice; see its enum variant for what it means.")]
            #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
            pub struct $name;
        )*
    };
}

/// How a questionable part of an order is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    /// The order is read in the way that makes sense (the questionable part is ignored or
    /// completed).
    Lenient,
    /// The order is illegal.
    Illegal,
}

macro_rules! reading_policy {
    (
        $(#[$tmeta:meta])* trait $Trait:ident $({ $($titem:tt)* })?;
        $(#[$emeta:meta])* enum $Enum:ident {
            $(#[$lmeta:meta])* $Lenient:ident = $lname:literal, $lmsg:literal;
            $(#[$smeta:meta])* $Strict:ident = $sname:literal, $smsg:literal;
            $(
                $(#[$xmeta:meta])* $Extra:ident = $xname:literal, $xmsg:literal
                    { $($ximpl:tt)* };
            )?
        }
    ) => {
        $(#[$tmeta])*
        #[enum_dispatch]
        pub trait $Trait {
            /// How the questionable part is read.
            fn reading(&self) -> Reading;
            $($($titem)*)?
        }
        choices!($Lenient, $Strict $(, $Extra)?);
        $(#[$emeta])*
        #[enum_dispatch($Trait)]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, EnumString, IntoStaticStr, EnumIter, EnumMessage)]
        pub enum $Enum {
            $(#[$lmeta])*
            #[strum(serialize = $lname, message = $lmsg)]
            $Lenient($Lenient),
            $(#[$smeta])*
            #[strum(serialize = $sname, message = $smsg)]
            $Strict($Strict),
            $(
                $(#[$xmeta])*
                #[strum(serialize = $xname, message = $xmsg)]
                $Extra($Extra),
            )?
        }
        impl $Trait for $Lenient {
            fn reading(&self) -> Reading {
                Reading::Lenient
            }
        }
        impl $Trait for $Strict {
            fn reading(&self) -> Reading {
                Reading::Illegal
            }
        }
        $(
            impl $Trait for $Extra {
                $($ximpl)*
            }
        )?
    };
}

pub mod civil_disorder;
pub mod coasts;
pub mod convoys;
pub mod designation;
pub mod dptg_alphabet;
pub mod orders;
pub mod other;
pub mod variants;

pub use civil_disorder::*;
pub use coasts::*;
pub use convoys::*;
pub use designation::*;
pub use dptg_alphabet::*;
pub use orders::*;
pub use other::*;
pub use variants::*;
