//! A component made the first time it is used. The dialogs the first window does not show
//! (New Game, Preferences, the rules at hand) are a good part of the work of building the
//! window; made later, they no longer hold back its first appearance (docs/app.md, "Measuring
//! the app").

use relm4::{Component, ComponentController, Controller};
use std::cell::OnceCell;

pub struct Later<C: Component> {
    made: OnceCell<Controller<C>>,
    make: Box<dyn Fn() -> Controller<C>>,
}

impl<C: Component> Later<C> {
    /// `make` builds the component, with whatever it must be told first.
    pub fn new(make: impl Fn() -> Controller<C> + 'static) -> Self {
        Later {
            made: OnceCell::new(),
            make: Box::new(make),
        }
    }

    /// The component, made now if it was not yet.
    pub fn get(&self) -> &Controller<C> {
        self.made.get_or_init(|| (self.make)())
    }

    /// Whether it has been made.
    #[cfg(test)]
    pub fn is_made(&self) -> bool {
        self.made.get().is_some()
    }

    pub fn emit(&self, msg: C::Input) {
        self.get().emit(msg)
    }

    #[cfg(test)]
    pub fn sender(&self) -> &relm4::Sender<C::Input> {
        self.get().sender()
    }
}
