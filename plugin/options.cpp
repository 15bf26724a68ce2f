// -mat_aijadaptive_* options, shared by the sequential and the MPI type.
#include <aijadaptive/device.hpp>
#include <aijadaptive/fault_injection.hpp>
#include <aijadaptive/format_list.hpp>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

#include "aija_internal.hpp"

#if AIJA_PETSC_HAS_CUDA
  #include <petscdevice.h>
#endif

namespace aija {

namespace {

#if !AIJA_PETSC_HAS_CUDA
// The GPU for this rank when the user named none and PETSc chose none: the
// node-local rank (from the launcher's environment) modulo the node's GPUs,
// as PETSc's own device code does. No communication, so a matrix on one rank
// alone can call it.
int NodeLocalDevice() {
  const int count = aijadaptive::device_count();
  if (count <= 1) return count == 1 ? 0 : -1;
  for (const char* var : {"OMPI_COMM_WORLD_LOCAL_RANK", "MPI_LOCALRANKID", "MV2_COMM_WORLD_LOCAL_RANK",
                          "SLURM_LOCALID", "PMI_LOCAL_RANK", "PALS_LOCAL_RANKID"}) {
    if (const char* v = std::getenv(var)) return std::atoi(v) % count;
  }
  PetscMPIInt rank = 0;
  MPI_Comm_rank(PETSC_COMM_WORLD, &rank);
  return rank % count;
}
#endif

// -mat_aijadaptive_<format>_<parameter> for every parameter of every format,
// each read with its own type so that -help shows it as such.
PetscErrorCode TuningFromOptions(Mat A, AijaOptionItems PetscOptionsObject, aijadaptive::TuningParams* params) {
  PetscFunctionBegin;
  try {  // the C++ of the loop (strings, the parameter tables) must not throw through PETSc
    for (aijadaptive::FormatId id : aijadaptive::all_formats()) {
      for (const aijadaptive::ParamSpec& spec : aijadaptive::format_params(id)) {
        const std::string option = std::string("-mat_aijadaptive_") + aijadaptive::format_name(id) + "_" + spec.name;
        const std::string help = spec.help + " (" + aijadaptive::param_expectation(spec) + ")";
        std::string given;
        PetscBool set = PETSC_FALSE;
        switch (spec.kind) {  // the current value (set before, or the default) shown by -help
          case aijadaptive::ParamSpec::Kind::integer: {
            PetscInt v = PetscInt(params->integer(id, spec.name));
            PetscCall(PetscOptionsInt(option.c_str(), help.c_str(), "", v, &v, &set));
            given = std::to_string(v);
            break;
          }
          case aijadaptive::ParamSpec::Kind::real: {
            PetscReal v = PetscReal(params->real(id, spec.name));
            PetscCall(PetscOptionsReal(option.c_str(), help.c_str(), "", v, &v, &set));
            char text[64];
            PetscCall(PetscSNPrintf(text, sizeof(text), "%.17g", (double)v));
            given = text;
            break;
          }
          case aijadaptive::ParamSpec::Kind::choice: {
            char value[256];
            PetscCall(PetscStrncpy(value, params->choice(id, spec.name).c_str(), sizeof(value)));
            PetscCall(PetscOptionsString(option.c_str(), help.c_str(), "", value, value, sizeof(value), &set));
            given = value;
            break;
          }
        }
        if (!set) continue;
        try {
          params->set(id, spec.name, given);
        } catch (const aijadaptive::Error&) {
          SETERRQ(PetscObjectComm((PetscObject)A), PETSC_ERR_ARG_OUTOFRANGE, "%s %s: expected %s", option.c_str(),
                  given.c_str(), aijadaptive::param_expectation(spec).c_str());
        }
      }
    }
  } catch (const std::exception& e) {
    SETERRQ(PetscObjectComm((PetscObject)A), PETSC_ERR_LIB, "aijadaptive: reading the tuning options: %s", e.what());
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

// -mat_aijadaptive_inject_fault alloc:K | pinned:K | launch:K: the K-th device
// allocation (pinned allocation, kernel launch) of aijadaptive from the first
// reading of the option fails, as a real one would (fault_injection.hpp), to
// test what a program does when the GPU fails. Armed once per process: the
// options are read again for every matrix, and a fault counted from each
// reading would never be where the user asked for it.
PetscErrorCode InjectFaultFromOptions(Mat A, AijaOptionItems PetscOptionsObject) {
  static bool armed = false;
  char value[64] = "";
  PetscBool set = PETSC_FALSE;

  PetscFunctionBegin;
  PetscCall(PetscOptionsString("-mat_aijadaptive_inject_fault",
                               "Make aijadaptive's K-th device allocation (alloc:K), pinned host allocation (pinned:K) "
                               "or kernel launch (launch:K) from now fail as a real failure would, once per process "
                               "(for testing error handling)",
                               "", value, value, sizeof(value), &set));
  if (!set || armed) PetscFunctionReturn(PETSC_SUCCESS);
  bool ok = false;
  AIJA_CALL(ok = aijadaptive::faults::arm_from_text(value));
  PetscCheck(ok, PetscObjectComm((PetscObject)A), PETSC_ERR_ARG_OUTOFRANGE,
             "-mat_aijadaptive_inject_fault %s: expected alloc:K, pinned:K or launch:K with K >= 1", value);
  armed = true;
  PetscFunctionReturn(PETSC_SUCCESS);
}

// An option that names one of three choices (`names`, in the enum's order);
// an unknown name is an error that lists `valid`.
template <class Choice>
PetscErrorCode NamedChoice(Mat A, AijaOptionItems PetscOptionsObject, const char* option, const char* help,
                           const char* const (&names)[3], const char* valid, Choice* choice) {
  char value[64];
  PetscBool set;

  PetscFunctionBegin;
  PetscCall(PetscStrncpy(value, names[int(*choice)], sizeof(value)));
  PetscCall(PetscOptionsString(option, help, "", value, value, sizeof(value), &set));
  if (set) {
    int found = -1;
    for (int k = 0; k < 3; ++k)
      if (!std::strcmp(value, names[k])) found = k;
    PetscCheck(found >= 0, PetscObjectComm((PetscObject)A), PETSC_ERR_ARG_OUTOFRANGE,
               "%s %s: unknown choice; valid choices are: %s", option, value, valid);
    *choice = Choice(found);
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

}  // namespace

const char* const kTransferNames[3] = {"stage", "direct", "pin"};
const char* const kPeerChoiceNames[3] = {"auto", "always", "never"};

PetscErrorCode ChooseDevice(const Settings& s, int* device) {
  int count = 0;

  PetscFunctionBegin;
  *device = -1;
  if (s.force_host) PetscFunctionReturn(PETSC_SUCCESS);
  AIJA_CALL(count = aijadaptive::device_count());
  if (count == 0) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCheck(s.device < count, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE,
             "-mat_aijadaptive_device %d: this node has %d GPU(s), numbered from 0", (int)s.device, count);
#if AIJA_PETSC_HAS_CUDA
  // PETSc picks this rank's GPU (and makes it current) first, so that its
  // vectors and our matrix agree: its device is the matrix's.
  PetscCall(PetscDeviceInitialize(PETSC_DEVICE_CUDA));
  AIJA_CALL(*device = aijadaptive::current_device());
  PetscCheck(s.device < 0 || s.device == *device, PETSC_COMM_SELF, PETSC_ERR_ARG_INCOMP,
             "-mat_aijadaptive_device %d: PETSc's vectors of this rank are on GPU %d, and the matrix must be on the "
             "same one; choose the GPU with PETSc's -device_select_cuda %d instead",
             (int)s.device, *device, (int)s.device);
#else
  *device = s.device >= 0 ? int(s.device) : NodeLocalDevice();
#endif
  PetscFunctionReturn(PETSC_SUCCESS);
}

aijadaptive::MatrixOptions ToMatrixOptions(const Settings& s) {
  aijadaptive::MatrixOptions o;
  o.format = s.format;
  o.reorder = s.reorder;
  o.force_host = s.force_host;
  o.device = -1;  // ChooseDevice()'s
  o.params = s.params;
  o.tune.candidates = int(s.tune_candidates);
  o.tune.products = int(s.tune_products);
  o.tune.on_disk = s.tune_disk;
  o.tune.min_nnz = std::int64_t(s.tune_min_nnz);
  o.jit = s.jit;
  o.product_graphs = s.graphs;
  o.device_memory_limit = std::size_t(s.memory_limit_mib * 1024.0 * 1024.0);
  // AIJ's assembled arrays are valid by construction: skip the O(nnz) check,
  // the larger part of the analysis time of a large matrix.
  o.check_input = false;
  o.host_transfer = s.transfer == Transfer::stage ? aijadaptive::HostTransfer::staged
                                                  : aijadaptive::HostTransfer::direct;
  o.stream_min_bytes = s.stream_min_mib < 0 ? SIZE_MAX : std::size_t(s.stream_min_mib * 1024.0 * 1024.0);
  o.stream_piece_bytes = std::size_t(s.stream_piece_mib * 1024.0 * 1024.0);
  o.defer_min_nnz = s.defer_min_nnz < 0 ? SIZE_MAX : std::size_t(s.defer_min_nnz);
  o.defer_takeover = std::uint64_t(s.defer_takeover);
  return o;
}

PetscErrorCode SettingsFromOptions(Mat A, AijaOptionItems PetscOptionsObject, Settings* s) {
  char value[256];
  PetscBool set = PETSC_FALSE;
  const std::string choices = aijadaptive::valid_format_choices();
  const std::string format_help = "Storage format for the products (" + choices + ")";

  PetscFunctionBegin;
  PetscCall(PetscStrncpy(value, aijadaptive::format_choice_name(s->format).c_str(), sizeof(value)));
  PetscCall(PetscOptionsString("-mat_aijadaptive_format", format_help.c_str(), "MatAIJAdaptiveGetFormat",
                               value, value, sizeof(value), &set));
  if (set) {
    const auto choice = aijadaptive::parse_format_choice(value);
    PetscCheck(choice, PetscObjectComm((PetscObject)A), PETSC_ERR_ARG_OUTOFRANGE,
               "-mat_aijadaptive_format %s: unknown format; valid choices are: %s", value, choices.c_str());
    s->format = *choice;
  }
  PetscCall(PetscOptionsInt("-mat_aijadaptive_tune_candidates",
                            "With -mat_aijadaptive_format tune: how many of the selector's candidates are timed", "",
                            s->tune_candidates, &s->tune_candidates, NULL));
  PetscCheck(s->tune_candidates >= 1, PetscObjectComm((PetscObject)A), PETSC_ERR_ARG_OUTOFRANGE,
             "-mat_aijadaptive_tune_candidates must be >= 1, got %" PetscInt_FMT, s->tune_candidates);
  PetscCall(PetscOptionsInt("-mat_aijadaptive_tune_products",
                            "With -mat_aijadaptive_format tune: products timed per candidate (after one untimed)", "",
                            s->tune_products, &s->tune_products, NULL));
  PetscCheck(s->tune_products >= 1 && s->tune_products <= 1000, PetscObjectComm((PetscObject)A),
             PETSC_ERR_ARG_OUTOFRANGE, "-mat_aijadaptive_tune_products must be in [1, 1000], got %" PetscInt_FMT,
             s->tune_products);
  PetscCall(PetscOptionsBool("-mat_aijadaptive_tune_disk",
                             "With -mat_aijadaptive_format tune: remember the fastest format of each pattern across "
                             "runs, beside the kernel cache under $XDG_CACHE_HOME/aijadaptive",
                             "", s->tune_disk, &s->tune_disk, NULL));
  PetscCall(PetscOptionsInt("-mat_aijadaptive_tune_min_nnz",
                            "With -mat_aijadaptive_format tune: a matrix of fewer nonzeros is not timed and runs auto's "
                            "choice (0: every matrix is timed)",
                            "", s->tune_min_nnz, &s->tune_min_nnz, NULL));
  PetscCheck(s->tune_min_nnz >= 0, PetscObjectComm((PetscObject)A), PETSC_ERR_ARG_OUTOFRANGE,
             "-mat_aijadaptive_tune_min_nnz must be >= 0, got %" PetscInt_FMT, s->tune_min_nnz);
  PetscCall(PetscStrncpy(value, aijadaptive::reorder_choice_name(s->reorder), sizeof(value)));
  PetscCall(PetscOptionsString("-mat_aijadaptive_reorder",
                               "Renumber a square matrix with scattered columns for the products (auto: by reverse "
                               "Cuthill-McKee when its rows are regular, by column counts for auto's format when "
                               "they follow a power law; none; rcm: always RCM; degree: always by column counts)",
                               "MatAIJAdaptiveGetFormat", value, value, sizeof(value), &set));
  if (set) {
    const auto choice = aijadaptive::parse_reorder_choice(value);
    PetscCheck(choice, PetscObjectComm((PetscObject)A), PETSC_ERR_ARG_OUTOFRANGE,
               "-mat_aijadaptive_reorder %s: unknown choice; valid choices are: %s", value,
               aijadaptive::valid_reorder_choices().c_str());
    s->reorder = *choice;
  }
  PetscCall(PetscOptionsBool("-mat_aijadaptive_host", "Run the products on the host, never on the GPU", "",
                             s->force_host, &s->force_host, NULL));
  PetscCall(PetscOptionsInt("-mat_aijadaptive_device", "GPU to use (default: PETSc's, else node-local rank modulo GPUs)",
                            "", s->device, &s->device, NULL));
  PetscCall(PetscOptionsReal("-mat_aijadaptive_device_memory_limit",
                             "Use at most this many MiB of GPU memory; a larger matrix stays on the host (0: no limit)",
                             "", s->memory_limit_mib, &s->memory_limit_mib, NULL));
  PetscCheck(s->memory_limit_mib >= 0, PetscObjectComm((PetscObject)A), PETSC_ERR_ARG_OUTOFRANGE,
             "-mat_aijadaptive_device_memory_limit must be >= 0 (MiB), got %g", (double)s->memory_limit_mib);
  PetscCall(NamedChoice(A, PetscOptionsObject, "-mat_aijadaptive_host_transfer",
                        "How host vectors reach the GPU: pin (page-lock the vector arrays once), "
                        "stage (copy through pinned buffers), direct (pageable copies)",
                        kTransferNames, "pin, stage, direct", &s->transfer));
  PetscCall(PetscOptionsReal("-mat_aijadaptive_stream_min_mib",
                             "With host vectors whose y has at least this many MiB, send x up, multiply row ranges and "
                             "send y down at the same time (formats that multiply row ranges on their own: the "
                             "diagonal ones, ipcsr); -1: never, one after the other",
                             "", s->stream_min_mib, &s->stream_min_mib, NULL));
  PetscCall(PetscOptionsReal("-mat_aijadaptive_stream_piece_mib",
                             "MiB of y per piece of a streamed product (x is sent in as many pieces)", "",
                             s->stream_piece_mib, &s->stream_piece_mib, NULL));
  PetscCheck(s->stream_piece_mib > 0, PetscObjectComm((PetscObject)A), PETSC_ERR_ARG_OUTOFRANGE,
             "-mat_aijadaptive_stream_piece_mib must be > 0 (MiB), got %g", (double)s->stream_piece_mib);
  PetscCall(PetscOptionsBool("-mat_aijadaptive_jit",
                             "Let formats compile kernels for the matrix at run time (NVRTC, in the background, cached "
                             "on disk under $XDG_CACHE_HOME/aijadaptive); 0: their generic kernels only",
                             "", s->jit, &s->jit, NULL));
  PetscCall(PetscOptionsBool("-mat_aijadaptive_graphs",
                             "Replay products with device vectors as CUDA graphs (half the host's cost of a kernel "
                             "launch: what a small matrix's MatMult costs); 0: launch the kernels directly",
                             "", s->graphs, &s->graphs, NULL));
  PetscCall(PetscOptionsInt("-mat_aijadaptive_defer_min_nnz",
                            "With -mat_aijadaptive_format auto: a matrix with at least this many nonzeros that the "
                            "analysis may reorder runs as csr (cuSPARSE) while a host thread reorders it and builds "
                            "the chosen format, so that the assembly costs about what aijcusparse's does; -1: never",
                            "", s->defer_min_nnz, &s->defer_min_nnz, NULL));
  PetscCheck(s->defer_min_nnz >= -1, PetscObjectComm((PetscObject)A), PETSC_ERR_ARG_OUTOFRANGE,
             "-mat_aijadaptive_defer_min_nnz must be >= -1, got %" PetscInt_FMT, s->defer_min_nnz);
  PetscCall(PetscOptionsInt("-mat_aijadaptive_defer_takeover",
                            "With a deferred set-up: the chosen format takes over at the first product after the host "
                            "thread is through (0), or at exactly this product, waiting for the thread if need be "
                            "(the same product in every run: reproducible results)",
                            "", s->defer_takeover, &s->defer_takeover, NULL));
  PetscCheck(s->defer_takeover >= 0, PetscObjectComm((PetscObject)A), PETSC_ERR_ARG_OUTOFRANGE,
             "-mat_aijadaptive_defer_takeover must be >= 0, got %" PetscInt_FMT, s->defer_takeover);
  PetscCall(NamedChoice(A, PetscOptionsObject, "-mat_aijadaptive_peer_exchange",
                        "MPI products with CUDA vectors, every rank on one node: push the ghost values straight "
                        "between the ranks' GPUs (CUDA IPC) instead of PETSc's scatter through the host: auto (where "
                        "every rank has a GPU of its own), always (ranks sharing a GPU too), never",
                        kPeerChoiceNames, "auto, always, never", &s->peer_exchange));
  PetscCall(TuningFromOptions(A, PetscOptionsObject, &s->params));
  PetscCall(InjectFaultFromOptions(A, PetscOptionsObject));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode SettingsFromDatabase(Mat A, Settings* s) {
  PetscFunctionBegin;
  PetscObjectOptionsBegin((PetscObject)A);
  PetscCall(SettingsFromOptions(A, PetscOptionsObject, s));
  PetscOptionsEnd();
  PetscFunctionReturn(PETSC_SUCCESS);
}

}  // namespace aija
