//! The calculator's job in a link: `job=train|tune|serve` starts from that kind's preset, and
//! `j.*` keys write only what differs from it (`?job=tune&j.p=13&j.m=qlora`).
//!
//! Every field is a row of the job form's [`FIELDS`]: its key, how to read it from a job and how to write it
//! back. A field that does not belong to the job's kind (a context length on a training run)
//! is reported, not guessed into some other field; a value the calculator would refuse is
//! reported and the preset's value kept.

use super::keys::Key;
use super::notice::Reason;
use super::tokens::Token;
use crate::view::job_form::{DEFAULT_REFERENCE, FIELDS};
use workload::{
    check_value, reference::find_reference, FineTuneMethod, Job, Precision, Preset, ProblemKind,
    Quant, TrainingSize, Workload,
};

/// The kind of job, as `job=` names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Train,
    Tune,
    Serve,
}

impl Token for Kind {
    const ALL: &'static [Kind] = &[Kind::Train, Kind::Tune, Kind::Serve];
    fn token(self) -> &'static str {
        match self {
            Kind::Train => "train",
            Kind::Tune => "tune",
            Kind::Serve => "serve",
        }
    }
}

impl Kind {
    pub fn of(job: &Job) -> Kind {
        match job.workload {
            Workload::Training { .. } => Kind::Train,
            Workload::FineTune { .. } => Kind::Tune,
            Workload::Inference { .. } => Kind::Serve,
        }
    }

    /// The job a bare `job=` starts from.
    pub fn preset(self) -> Job {
        match self {
            Kind::Train => Preset::Pretrain1bChinchilla.job(),
            Kind::Tune => Preset::LoraFineTune7b.job(),
            Kind::Serve => Preset::Serve70bInt8.job(),
        }
    }
}

/// Where a key of the job is read among the job's keys: `job` (and `fit`) first, the numbers
/// next, the words last; `None` for keys that are not the job's.
pub fn rank(key: &str) -> Option<u8> {
    match Key::from_name(key) {
        Some(Key::Job | Key::FitsOnly) => Some(0),
        Some(key) if WORD_KEYS.contains(&key) => Some(2),
        // The numbers, and any other `j.` key (read with them, reported as unknown).
        _ if key.starts_with("j.") => Some(1),
        _ => None,
    }
}

/// The keys of the job's choices, in the order links write them.
const WORD_KEYS: [Key; 5] = [
    Key::JobPrecision,
    Key::JobMethod,
    Key::JobQuant,
    Key::JobReference,
    Key::JobModel,
];

/// The word `job` has for the choice `key` (precision, method, quantization, reference);
/// `None` when its kind has no such choice.
pub fn word(job: &Job, key: &str) -> Option<String> {
    match Key::from_name(key)? {
        Key::JobPrecision => precision(job).map(|p| p.token().into()),
        Key::JobMethod => method(job).map(|m| m.token().into()),
        Key::JobQuant => quant(job).map(|q| q.token().into()),
        Key::JobReference => reference(job),
        Key::JobModel => match &job.workload {
            Workload::Inference { model, .. } => model.clone(),
            _ => None,
        },
        _ => None,
    }
}

/// The job's choices as `(key, word)` pairs, for those that differ from the kind's preset.
pub fn words(job: &Job) -> Vec<(&'static str, String)> {
    let preset = Kind::of(job).preset();
    WORD_KEYS
        .into_iter()
        .filter_map(|key| {
            let now = word(job, key.name())?;
            // A bare `j.refh` reads as hours on the default reference, so that one goes unsaid.
            let was = word(&preset, key.name())
                .or_else(|| (key == Key::JobReference).then(|| DEFAULT_REFERENCE.to_string()));
            (Some(&now) != was.as_ref()).then_some((key.name(), now))
        })
        .collect()
}

fn precision(job: &Job) -> Option<Precision> {
    match &job.workload {
        Workload::Training { precision, .. } | Workload::FineTune { precision, .. } => {
            Some(*precision)
        }
        Workload::Inference { .. } => None,
    }
}

fn method(job: &Job) -> Option<FineTuneMethod> {
    match &job.workload {
        Workload::FineTune { method, .. } => Some(*method),
        _ => None,
    }
}

fn quant(job: &Job) -> Option<Quant> {
    match &job.workload {
        Workload::Inference { quant, .. } => Some(*quant),
        _ => None,
    }
}

fn reference(job: &Job) -> Option<String> {
    match &job.workload {
        Workload::Training {
            size: TrainingSize::ReferenceHours { reference, .. },
            ..
        } => Some(reference.clone()),
        _ => None,
    }
}

/// Applies a `j.prec`/`j.m`/`j.q`/`j.ref`/`j.model` word to `job`.
pub fn set_word(job: &mut Job, key: &str, word: &str) -> Result<(), Reason> {
    match (Key::from_name(key), &mut job.workload) {
        (
            Some(Key::JobPrecision),
            Workload::Training { precision, .. } | Workload::FineTune { precision, .. },
        ) => {
            *precision = Precision::from_token(word).ok_or(Reason::BadValue)?;
        }
        (Some(Key::JobMethod), Workload::FineTune { method, .. }) => {
            *method = FineTuneMethod::from_token(word).ok_or(Reason::BadValue)?;
        }
        (Some(Key::JobQuant), Workload::Inference { quant, .. }) => {
            *quant = Quant::from_token(word).ok_or(Reason::BadValue)?;
        }
        // A model's id in the hosted-API catalog; one the catalog lacks prices nothing and
        // the comparison says it used the nearest size.
        (Some(Key::JobModel), Workload::Inference { model, .. }) => {
            let id_like = !word.is_empty()
                && word.len() <= 80
                && word
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"-._".contains(&b));
            if !id_like {
                return Err(Reason::BadValue);
            }
            *model = Some(word.to_string());
        }
        (Some(Key::JobReference), Workload::Training { size, .. }) => {
            let found = find_reference(word).ok_or(Reason::BadValue)?;
            let hours = match size {
                TrainingSize::ReferenceHours { hours, .. } => *hours,
                _ => return Err(Reason::BadValue),
            };
            *size = TrainingSize::ReferenceHours {
                hours,
                reference: found.key.to_string(),
            };
        }
        _ => return Err(Reason::BadValue),
    }
    Ok(())
}

/// Writes `value` into the field named `key`, unless the job would then have an error; the
/// reason says why it was not written.
pub fn set_number(job: &mut Job, key: &str, value: f64) -> Result<(), Reason> {
    let field = FIELDS
        .iter()
        .find(|f| f.key == key)
        .ok_or(Reason::UnknownKey)?;
    // The field's rule first, as the form does: "-5 runs" is out of range, not unreadable;
    // "2.5 runs" is no count at all.
    if let Some(problem) = check_value(field.name, value).filter(|p| p.is_error()) {
        return Err(match problem.kind {
            ProblemKind::NotWhole => Reason::BadValue,
            _ => Reason::OutOfRange,
        });
    }
    let mut next = job.clone();
    if !(field.set)(&mut next, value) {
        return Err(Reason::BadValue);
    }
    if next.validate().iter().any(|p| p.is_error()) {
        return Err(Reason::OutOfRange);
    }
    *job = next;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_round_trips_on_the_kinds_that_have_it() {
        for kind in Kind::ALL {
            let mut job = kind.preset();
            for field in FIELDS {
                if (field.get)(&job).is_some() || field.key == "j.dl" || field.key == "j.flops" {
                    let mut copy = job.clone();
                    if set_number(&mut copy, field.key, 3.0).is_ok() {
                        assert_eq!((field.get)(&copy), Some(3.0), "{kind:?} {}", field.key);
                        job = copy;
                    }
                }
            }
        }
    }

    #[test]
    fn a_field_of_another_kind_is_refused_and_changes_nothing() {
        let mut job = Kind::Train.preset();
        let before = job.clone();
        assert_eq!(set_number(&mut job, "j.ctx", 8192.0), Err(Reason::BadValue));
        assert_eq!(set_word(&mut job, "j.q", "int4"), Err(Reason::BadValue));
        assert_eq!(job, before);
    }

    #[test]
    fn a_value_the_calculator_refuses_keeps_the_preset() {
        let mut job = Kind::Tune.preset();
        let before = job.clone();
        assert_eq!(set_number(&mut job, "j.p", -7.0), Err(Reason::OutOfRange));
        assert_eq!(set_number(&mut job, "j.mfu", 1.5), Err(Reason::OutOfRange));
        assert_eq!(set_number(&mut job, "j.runs", 2.5), Err(Reason::BadValue));
        assert_eq!(job, before);
    }
}
