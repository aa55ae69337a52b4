//! How an instance's accelerators talk to each other, and to other instances: as the offer
//! states it, or as its accelerator's form factor implies when the offer is silent.
//!
//! Most providers never write "NVLink" beside an 8×H100 SXM instance, because an SXM module
//! only exists on an NVLink board: NVIDIA's HGX baseboards join their 4 or 8 SXM modules by
//! NVLink (and NVSwitch on the 8-GPU boards). Reading only what offers state left 93 % of
//! the multi-GPU offers without an interconnect, and a training ranking that required NVLink
//! dropped AWS p5 and every 8×H100 SXM cloud. The form factor is a fact of the catalog's own
//! accelerator rows, so what it implies is derived here once, marked as derived, and every
//! reader (filters, ranking, calculator, table) takes it from here.

use serde::{Deserialize, Serialize};

use super::model::{Accelerator, FormFactor, Interconnect, Link, Offer, Vendor};

/// Where a derived link comes from: NVIDIA's HGX platform, the boards SXM modules sit on.
pub const SXM_BOARD_SOURCE: &str = "https://www.nvidia.com/en-us/data-center/hgx/";

/// How a link is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Basis {
    /// The offer's own entry names it.
    Stated,
    /// Implied by the accelerator's form factor ([`SXM_BOARD_SOURCE`]).
    FormFactor,
}

/// The link between the accelerators inside one instance, and how it is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InsideLink {
    pub link: Interconnect,
    pub basis: Basis,
}

impl InsideLink {
    /// A direct accelerator fabric (NVLink, NVSwitch, TPU ICI) rather than the host's PCIe.
    pub fn is_direct(self) -> bool {
        matches!(
            self.link,
            Interconnect::Nvlink | Interconnect::Nvswitch | Interconnect::Ici
        )
    }

    pub fn is_nvlink(self) -> bool {
        matches!(self.link, Interconnect::Nvlink | Interconnect::Nvswitch)
    }
}

/// The link inside an instance of `offer`: stated, else derived from the form factor, else
/// unknown (`None`).
///
/// Derived only where the form factor leaves no choice: two or more whole NVIDIA SXM modules
/// (NVSwitch on a board of eight or more, NVLink below that). A PCIe card may or may not carry
/// an NVLink bridge, and a TPU slice states its ICI, so those stay as stated.
pub fn inside_link(offer: &Offer, accelerator: Option<&Accelerator>) -> Option<InsideLink> {
    if let Some(link) = offer.interconnect {
        return Some(InsideLink {
            link,
            basis: Basis::Stated,
        });
    }
    let accelerator = accelerator?;
    let board = accelerator.vendor == Vendor::Nvidia
        && accelerator.form_factor == FormFactor::Sxm
        && offer.count >= 2.0
        && offer.count.fract() == 0.0;
    board.then_some(InsideLink {
        link: if offer.count >= 8.0 {
            Interconnect::Nvswitch
        } else {
            Interconnect::Nvlink
        },
        basis: Basis::FormFactor,
    })
}

/// The network between instances, as far as the offer's entry says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Network {
    /// An RDMA fabric of the kind large training runs use: InfiniBand, RoCE, AWS EFA, or
    /// GPUDirect networking at hundreds of Gbit/s.
    Fast,
    /// A network is described, and it is none of those.
    Ordinary,
    /// The entry does not describe its network.
    #[default]
    NotStated,
}

/// Words in a network description that name an RDMA-class fabric. Llama 2 (arXiv:2307.09288,
/// §2.2.1) trained on both InfiniBand and 200 Gbps RoCE and found RoCE scaled almost as well;
/// EFA and GPUDirect-TCPX are the hyperscalers' equivalents.
const FAST_NETWORK_WORDS: &[&str] = &["infiniband", "roce", "efa", "rdma", "gpudirect"];

/// The network between instances of `offer`.
pub fn network(offer: &Offer) -> Network {
    let Some(text) = offer.network.as_deref() else {
        return Network::NotStated;
    };
    // Whole words: "efa" is inside "default".
    let text = text.to_lowercase();
    let mut words = text.split(|c: char| !c.is_alphanumeric());
    if words.any(|word| FAST_NETWORK_WORDS.contains(&word)) {
        Network::Fast
    } else {
        Network::Ordinary
    }
}

impl Link {
    /// Whether an instance of `offer` has this link: `Some(true)` or `Some(false)` when stated
    /// or implied by the form factor, `None` when the offer does not say.
    ///
    /// The explorer's filter shows offers known to have a link; the ranking's constraint
    /// leaves out offers known to lack it. Both read this one answer.
    pub fn held_by(self, offer: &Offer, accelerator: Option<&Accelerator>) -> Option<bool> {
        match self {
            Link::Infiniband => match network(offer) {
                Network::Fast => Some(true),
                Network::Ordinary => Some(false),
                Network::NotStated => None,
            },
            Link::Nvlink => inside_link(offer, accelerator).map(InsideLink::is_nvlink),
            Link::PcieOnly => inside_link(offer, accelerator).map(|l| l.link == Interconnect::Pcie),
            Link::Ici => inside_link(offer, accelerator).map(|l| l.link == Interconnect::Ici),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Specs;

    fn accelerator(form_factor: FormFactor, vendor: Vendor) -> Accelerator {
        Accelerator {
            id: "x".into(),
            vendor,
            model: "X".into(),
            variant: "80GB".into(),
            form_factor,
            architecture: None,
            release_year: None,
            memory_type: None,
            specs: Specs::default(),
            sources: vec![],
            spec_sources: vec![],
            note: None,
        }
    }

    fn offer(count: f64, interconnect: Option<Interconnect>, network: Option<&str>) -> Offer {
        Offer {
            id: "p/o".into(),
            provider: "p".into(),
            instance: "o".into(),
            accelerator: Some("x".into()),
            count,
            vcpus: None,
            ram_gb: None,
            interconnect,
            network: network.map(Into::into),
            network_zh: None,
            multi_node: None,
            source: "s".into(),
            note: None,
            note_zh: None,
            prices: vec![],
        }
    }

    #[test]
    fn an_sxm_board_is_nvlink_by_design() {
        let sxm = accelerator(FormFactor::Sxm, Vendor::Nvidia);
        let eight = inside_link(&offer(8.0, None, None), Some(&sxm)).unwrap();
        assert_eq!(eight.link, Interconnect::Nvswitch);
        assert_eq!(eight.basis, Basis::FormFactor);
        assert!(eight.is_direct() && eight.is_nvlink());
        let four = inside_link(&offer(4.0, None, None), Some(&sxm)).unwrap();
        assert_eq!(four.link, Interconnect::Nvlink);
        // One module, or a fraction of one, has nothing to link to.
        assert_eq!(inside_link(&offer(1.0, None, None), Some(&sxm)), None);
        assert_eq!(inside_link(&offer(0.5, None, None), Some(&sxm)), None);
    }

    #[test]
    fn what_the_offer_states_wins_and_cards_stay_unknown() {
        let sxm = accelerator(FormFactor::Sxm, Vendor::Nvidia);
        let stated = inside_link(&offer(8.0, Some(Interconnect::Pcie), None), Some(&sxm));
        assert_eq!(
            stated,
            Some(InsideLink {
                link: Interconnect::Pcie,
                basis: Basis::Stated
            })
        );
        let pcie = accelerator(FormFactor::Pcie, Vendor::Nvidia);
        assert_eq!(inside_link(&offer(8.0, None, None), Some(&pcie)), None);
        let oam = accelerator(FormFactor::Oam, Vendor::Amd);
        assert_eq!(inside_link(&offer(8.0, None, None), Some(&oam)), None);
        assert_eq!(inside_link(&offer(8.0, None, None), None), None);
    }

    #[test]
    fn links_are_held_known_absent_or_unknown() {
        let sxm = accelerator(FormFactor::Sxm, Vendor::Nvidia);
        let pcie = accelerator(FormFactor::Pcie, Vendor::Nvidia);
        let board = offer(8.0, None, Some("InfiniBand"));
        assert_eq!(Link::Nvlink.held_by(&board, Some(&sxm)), Some(true));
        assert_eq!(Link::PcieOnly.held_by(&board, Some(&sxm)), Some(false));
        assert_eq!(Link::Infiniband.held_by(&board, Some(&sxm)), Some(true));
        let cards = offer(8.0, None, None);
        assert_eq!(Link::Nvlink.held_by(&cards, Some(&pcie)), None);
        assert_eq!(Link::Infiniband.held_by(&cards, Some(&pcie)), None);
        let stated = offer(4.0, Some(Interconnect::Pcie), Some("25 Gbps"));
        assert_eq!(Link::Nvlink.held_by(&stated, Some(&pcie)), Some(false));
        assert_eq!(Link::PcieOnly.held_by(&stated, Some(&pcie)), Some(true));
        assert_eq!(Link::Infiniband.held_by(&stated, Some(&pcie)), Some(false));
    }

    #[test]
    fn rdma_fabrics_are_fast_and_silence_is_not_stated() {
        for text in [
            "InfiniBand 8x400 Gb NDR",
            "400 Gbps EFA (4x100 Gbps), GPUDirect RDMA",
            "3200 Gbps over 8 ConnectX-7 NICs (GPUDirect RDMA, RoCE)",
            "up to 1000 Gbps, GPUDirect-TCPX",
        ] {
            assert_eq!(
                network(&offer(8.0, None, Some(text))),
                Network::Fast,
                "{text}"
            );
        }
        assert_eq!(
            network(&offer(8.0, None, Some("25 Gbps"))),
            Network::Ordinary
        );
        assert_eq!(
            network(&offer(8.0, None, Some("default VPC, 100 Gbps"))),
            Network::Ordinary
        );
        assert_eq!(network(&offer(8.0, None, None)), Network::NotStated);
    }
}
