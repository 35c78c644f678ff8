//! Pnut-Butta's analyst: the proof search under the match's limits.

use crate::game::pnut::{Pnut, PnutMove};
use crate::solve::Analysis;
use crate::solve::analyst::{Analyst, Query};
use crate::solve::pnut::{self, Limits};

pub struct PnutAnalyst {
    limits: Limits,
}

impl PnutAnalyst {
    pub fn new(limits: Limits) -> PnutAnalyst {
        PnutAnalyst { limits }
    }
}

impl Analyst<Pnut> for PnutAnalyst {
    fn analyse(
        &mut self,
        query: &Query<Pnut>,
        stop: &dyn Fn() -> bool,
        report: &mut dyn FnMut(Analysis<PnutMove>),
    ) {
        pnut::analyse(&query.position, &self.limits, stop, &mut |a| {
            report(a.clone());
        });
    }
}
