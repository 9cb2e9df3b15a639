//! A value whose type is one puzzle's, held where the shared code names no
//! puzzle (a draft's board, a random level's code): boxed behind a trait,
//! and still copied, compared and looked at as its own type.

/// Declares `$wrapper`, a box of any `$part`, with `$any` the part of
/// `$part` that every plain value has (copied, compared, downcast).
macro_rules! dyn_value {
    ($wrapper:ident, $part:ident, $any:ident) => {
        /// What every part has from being a plain value.
        pub trait $any {
            fn boxed(&self) -> $wrapper;
            fn as_any(&self) -> &dyn std::any::Any;
            fn as_any_mut(&mut self) -> &mut dyn std::any::Any;
            fn same(&self, other: &dyn $part) -> bool;
        }

        impl<T: $part + Clone + PartialEq + 'static> $any for T {
            fn boxed(&self) -> $wrapper {
                $wrapper::of(self.clone())
            }
            fn as_any(&self) -> &dyn std::any::Any {
                self
            }
            fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
                self
            }
            fn same(&self, other: &dyn $part) -> bool {
                other.as_any().downcast_ref::<T>() == Some(self)
            }
        }

        #[derive(Debug)]
        pub struct $wrapper(Box<dyn $part>);

        impl $wrapper {
            pub fn of(part: impl $part + 'static) -> $wrapper {
                $wrapper(Box::new(part))
            }

            /// The part as its own type, if it is one.
            pub fn get<T: 'static>(&self) -> Option<&T> {
                self.0.as_any().downcast_ref()
            }

            /// The part as its own type, to change.
            pub fn get_mut<T: 'static>(&mut self) -> Option<&mut T> {
                self.0.as_any_mut().downcast_mut()
            }
        }

        impl std::ops::Deref for $wrapper {
            type Target = dyn $part;
            fn deref(&self) -> &Self::Target {
                &*self.0
            }
        }

        impl std::ops::DerefMut for $wrapper {
            fn deref_mut(&mut self) -> &mut Self::Target {
                &mut *self.0
            }
        }

        impl Clone for $wrapper {
            fn clone(&self) -> Self {
                self.0.boxed()
            }
        }

        impl PartialEq for $wrapper {
            fn eq(&self, other: &Self) -> bool {
                self.0.same(&*other.0)
            }
        }

        impl Eq for $wrapper {}
    };
}
pub(crate) use dyn_value;
