#include "peer_ghosts.hpp"

#include <aijadaptive/device.hpp>

#include <algorithm>
#include <climits>
#include <cstring>
#include <exception>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include "vectors.hpp"

namespace aija {

#if AIJA_PETSC_HAS_CUDA

struct PeerExchange {
  MPI_Comm comm = MPI_COMM_NULL;  // a duplicate of the matrix's: the exchange's messages alone
  int device = -1;                // PETSc's, where x and the blocks' products are
  std::vector<PetscMPIInt> senders;    // the ranks that own this rank's ghosts
  std::vector<PetscMPIInt> receivers;  // the ranks whose ghosts this rank owns
  aijadaptive::DeviceBuffer<PetscScalar> buffer;  // the ghost values, written by the senders
  Vec values = nullptr;                           // `buffer` as a CUDA vector
  std::optional<aijadaptive::SharedEvent> pushed, freed;  // this rank's
  // The push runs on a stream of its own, after x is ready on PETSc's: the
  // local block does not wait for the readers' buffers to be free.
  std::optional<aijadaptive::OwnedStream> push_stream;
  std::optional<aijadaptive::OwnedEvent> x_ready;
  std::vector<aijadaptive::SharedEvent> senders_pushed, receivers_freed;
  std::vector<aijadaptive::PeerMemory> receivers_buffers;
  aijadaptive::PeerPushPlan plan;
  std::vector<MPI_Request> free_sends;    // the last product's "free" to the senders
  std::vector<MPI_Request> pushed_sends;  // a product's "pushed" to the receivers (kept: no allocation per product)
  long long products = 0;
};

namespace {

constexpr int kPushedTag = 1;  // "your ghosts from me are in your buffer (once my event passes)"
constexpr int kFreeTag = 2;    // "I am done with the ghosts you pushed (once my event passes)"
constexpr int kBusIdBytes = 32;  // a PCI bus id and its end

// The exchange's messages carry nothing: their arrival is the news.
PetscErrorCode ReceiveFrom(const std::vector<PetscMPIInt>& ranks, int tag, MPI_Comm comm) {
  PetscFunctionBegin;
  for (PetscMPIInt r : ranks) PetscCallMPI(MPI_Recv(nullptr, 0, MPI_BYTE, r, tag, comm, MPI_STATUS_IGNORE));
  PetscFunctionReturn(PETSC_SUCCESS);
}
PetscErrorCode SendTo(const std::vector<PetscMPIInt>& ranks, int tag, MPI_Comm comm, std::vector<MPI_Request>* sent) {
  PetscFunctionBegin;
  sent->resize(ranks.size());
  for (std::size_t k = 0; k < ranks.size(); ++k)
    PetscCallMPI(MPI_Isend(nullptr, 0, MPI_BYTE, ranks[k], tag, comm, &(*sent)[k]));
  PetscFunctionReturn(PETSC_SUCCESS);
}
PetscErrorCode WaitSent(std::vector<MPI_Request>* sent) {
  PetscFunctionBegin;
  if (!sent->empty()) PetscCallMPI(MPI_Waitall((int)sent->size(), sent->data(), MPI_STATUSES_IGNORE));
  sent->clear();
  PetscFunctionReturn(PETSC_SUCCESS);
}

// f() on `device`, a core exception kept as its message: the collective steps
// of the set-up go on, and the ranks decide together.
template <class F>
std::string Attempt(int device, F&& f) {
  try {
    aijadaptive::DeviceGuard on(device);
    f();
    return "";
  } catch (const std::exception& e) {
    return e.what();
  }
}

// What each rank tells the others at set-up.
struct Handles {
  int ok = 0;
  aijadaptive::IpcHandle buffer, pushed, freed;
};

// Collective: the last product's messages received, the other ranks' memory
// and events unmapped on every rank before any rank frees its own. A failure
// on the device is reported once every rank has passed the barrier.
PetscErrorCode DestroyExchange(std::unique_ptr<PeerExchange> e) {
  PetscFunctionBegin;
  if (!e) PetscFunctionReturn(PETSC_SUCCESS);
  if (e->products > 0) PetscCall(ReceiveFrom(e->receivers, kFreeTag, e->comm));
  PetscCall(WaitSent(&e->free_sends));
  PetscCall(VecDestroy(&e->values));
  std::string why = Attempt(e->device, [&] {
    aijadaptive::synchronize_device_quietly();  // this rank's pushes and products are done
    e->plan = {};
    e->x_ready.reset();
    e->push_stream.reset();
    e->receivers_buffers.clear();
    e->senders_pushed.clear();
    e->receivers_freed.clear();
  });
  PetscCallMPI(MPI_Barrier(e->comm));
  const std::string freeing = Attempt(e->device, [&] {
    e->buffer = {};
    e->pushed.reset();
    e->freed.reset();
  });
  PetscCallMPI(MPI_Comm_free(&e->comm));
  if (why.empty()) why = freeing;
  PetscCheck(why.empty(), PETSC_COMM_SELF, PETSC_ERR_GPU, "aijadaptive: releasing the peer exchange: %s", why.c_str());
  PetscFunctionReturn(PETSC_SUCCESS);
}

// For each ghost, its owner and its place among the owner's entries, as
// (source, slot) pairs by owner; false where an index needs more than 32 bits.
bool GhostSources(Mat A, PetscMPIInt size, const PetscInt* garray, PetscInt count, std::vector<int>* per_owner,
                  std::vector<int>* pairs) {
  const PetscInt* ranges = A->cmap->range;
  per_owner->assign(size, 0);
  pairs->clear();
  if (count > INT_MAX) return false;
  int owner = 0;
  for (PetscInt k = 0; k < count; ++k) {  // garray ascends
    while (garray[k] >= ranges[owner + 1]) ++owner;
    const PetscInt source = garray[k] - ranges[owner];
    if (source > INT_MAX) return false;
    ++(*per_owner)[owner];
    pairs->push_back(int(source));
    pairs->push_back(int(k));
  }
  return true;
}

PetscErrorCode SetUp(Mat A, const PetscInt* garray, PetscInt count, PeerGhosts* p) {
  MPI_Comm comm = PetscObjectComm((PetscObject)A);
  PetscMPIInt size, node_size;
  MPI_Comm node;
  std::vector<int> asks, pairs;

  PetscFunctionBegin;
  PetscCallMPI(MPI_Comm_size(comm, &size));
  if (size == 1) {
    p->why_not = "one rank, no ghosts";
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  PetscCallMPI(MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node));
  PetscCallMPI(MPI_Comm_size(node, &node_size));
  PetscCallMPI(MPI_Comm_free(&node));
  const bool fits = GhostSources(A, size, garray, count, &asks, &pairs);
  const int mine = p->wanted && node_size == size && fits;
  int all = 0;
  PetscCallMPI(MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_MIN, comm));
  if (!all) {
    p->why_not = !p->wanted         ? "off (-mat_aijadaptive_peer_exchange never, -mat_aijadaptive_host, MatBindToCPU)"
                 : node_size != size ? "the ranks span several nodes"
                 : !fits             ? "indices beyond 32 bits"
                                     : "refused on another rank";
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  // Ranks that share a GPU keep PETSc's scatter unless asked (peer_ghosts.hpp
  // says why). Every rank sees the same ids, so every rank decides alike.
  char bus[kBusIdBytes] = {};
  (void)Attempt(-1, [&] {
    const std::string id = aijadaptive::device_bus_id(aijadaptive::current_device());
    std::strncpy(bus, id.c_str(), sizeof(bus) - 1);
  });
  std::vector<char> buses(std::size_t(size) * kBusIdBytes);
  PetscCallMPI(MPI_Allgather(bus, kBusIdBytes, MPI_CHAR, buses.data(), kBusIdBytes, MPI_CHAR, comm));
  std::set<std::string> gpus;
  for (int q = 0; q < size; ++q) gpus.insert(std::string(&buses[std::size_t(q) * kBusIdBytes]));
  if (gpus.count("")) {
    p->why_not = "a rank could not read its GPU's bus id";
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  if (int(gpus.size()) < size && !p->shared_gpus) {
    p->why_not = "ranks share a GPU (-mat_aijadaptive_peer_exchange always pushes all the same)";
    PetscFunctionReturn(PETSC_SUCCESS);
  }

  // Who pushes what to whom: each rank tells each owner the (source, slot)
  // pairs it reads from it.
  std::vector<int> gives(size), ask_at(size + 1, 0), give_at(size + 1, 0), ask_pairs(size), give_pairs(size);
  PetscCallMPI(MPI_Alltoall(asks.data(), 1, MPI_INT, gives.data(), 1, MPI_INT, comm));
  for (int q = 0; q < size; ++q) {
    ask_pairs[q] = 2 * asks[q];
    give_pairs[q] = 2 * gives[q];
    ask_at[q + 1] = ask_at[q] + ask_pairs[q];
    give_at[q + 1] = give_at[q] + give_pairs[q];
  }
  std::vector<int> given(std::max(give_at[size], 1));
  PetscCallMPI(MPI_Alltoallv(pairs.data(), ask_pairs.data(), ask_at.data(), MPI_INT, given.data(), give_pairs.data(),
                             give_at.data(), MPI_INT, comm));

  auto e = std::make_unique<PeerExchange>();
  PetscCallMPI(MPI_Comm_dup(comm, &e->comm));
  Handles own;
  std::string why = Attempt(-1, [&] {
    e->device = aijadaptive::current_device();
    aijadaptive::DeviceGuard on(e->device);
    e->buffer = aijadaptive::DeviceBuffer<PetscScalar>(std::size_t(std::max<PetscInt>(count, 1)));
    e->pushed.emplace();
    e->freed.emplace();
    e->push_stream.emplace();
    e->x_ready.emplace();
    own.buffer = aijadaptive::ipc_memory_handle(e->buffer.data());
    own.pushed = e->pushed->handle();
    own.freed = e->freed->handle();
  });
  own.ok = why.empty();
  std::vector<Handles> handles(size);
  PetscCallMPI(MPI_Allgather(&own, sizeof(Handles), MPI_BYTE, handles.data(), sizeof(Handles), MPI_BYTE, comm));
  const auto refused = std::find_if(handles.begin(), handles.end(), [](const Handles& h) { return !h.ok; });
  if (refused != handles.end()) {
    p->why_not = own.ok ? "rank " + std::to_string(refused - handles.begin()) + " could not share its buffer"
                        : "no CUDA IPC here: " + why;
    PetscCall(DestroyExchange(std::move(e)));
    PetscFunctionReturn(PETSC_SUCCESS);
  }

  aijadaptive::Stream stream;
  PetscCall(PetscStream(&stream));
  why = Attempt(e->device, [&] {
    std::vector<aijadaptive::PeerPush> pushes;
    std::vector<void*> targets;
    for (int q = 0; q < size; ++q) {
      if (asks[q]) {
        e->senders.push_back(q);
        e->senders_pushed.emplace_back(handles[q].pushed);
      }
      if (!gives[q]) continue;
      e->receivers.push_back(q);
      e->receivers_buffers.emplace_back(handles[q].buffer);
      e->receivers_freed.emplace_back(handles[q].freed);
      for (int k = give_at[q]; k < give_at[q + 1]; k += 2)
        pushes.push_back({given[k], given[k + 1], std::int32_t(targets.size())});
      targets.push_back(e->receivers_buffers.back().data());
    }
    e->plan = aijadaptive::PeerPushPlan(pushes, targets, stream);
  });
  if (why.empty() && VecCreateSeqCUDAWithArray(PETSC_COMM_SELF, 1, count, e->buffer.data(), &e->values))
    why = "VecCreateSeqCUDAWithArray failed";
  const int ok = why.empty();
  PetscCallMPI(MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, comm));
  if (!all) {
    p->why_not = ok ? "another rank could not map the buffers" : "no CUDA IPC here: " + why;
    PetscCall(DestroyExchange(std::move(e)));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  p->exchange = std::move(e);
  p->why_not.clear();
  PetscFunctionReturn(PETSC_SUCCESS);
}

}  // namespace

PetscErrorCode PeerGhostsReady(Mat A, const PetscInt* garray, PetscInt count, Vec x, PeerGhosts* p, bool* ready) {
  PetscBool cuda;

  PetscFunctionBegin;
  *ready = false;
  // The vector type is the same on every rank, so the test keeps the ranks together.
  PetscCall(PetscObjectTypeCompareAny((PetscObject)x, &cuda, VECMPICUDA, VECSEQCUDA, ""));
  if (!cuda) PetscFunctionReturn(PETSC_SUCCESS);
  // A new pattern, or the option or the binding changed: as collective as the
  // matrix's assembly or options. The columns alone decide nothing (ghost_columns.hpp).
  if (p->nonzerostate != A->nonzerostate || p->wanted != p->wanted_at_setup ||
      p->shared_gpus != p->shared_gpus_at_setup) {
    PetscCall(PeerGhostsDestroy(p));
    p->wanted_at_setup = p->wanted;
    p->shared_gpus_at_setup = p->shared_gpus;
    p->nonzerostate = A->nonzerostate;
    p->count = count;
    PetscCall(SetUp(A, garray, count, p));
  }
  *ready = p->exchange != nullptr;
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode PeerGhostsMult(PeerGhosts* p, Vec x, const std::function<PetscErrorCode()>& local,
                              const std::function<PetscErrorCode(Vec)>& off) {
  PeerExchange& e = *p->exchange;
  aijadaptive::Stream stream;
  const PetscScalar* xd;

  PetscFunctionBegin;
  PetscCall(PetscStream(&stream));
  // The receivers' buffers are free once their last product is done with them.
  if (e.products > 0) PetscCall(ReceiveFrom(e.receivers, kFreeTag, e.comm));
  PetscCall(WaitSent(&e.free_sends));
  PetscCall(VecCUDAGetArrayRead(x, &xd));
  const PetscErrorCode pushed = OnDevice(e.device, [&] {
    const aijadaptive::Stream side = e.push_stream->get();
    e.x_ready->record(stream);
    e.x_ready->wait_on(side);
    for (const aijadaptive::SharedEvent& freed : e.receivers_freed) freed.wait_on(side);
    e.plan.push(xd, sizeof(PetscScalar), side);
    e.pushed->record(side);
  });
  PetscCall(VecCUDARestoreArrayRead(x, &xd));
  PetscCall(SendTo(e.receivers, kPushedTag, e.comm, &e.pushed_sends));
  // While the ghost values travel; a failure still ends the exchange.
  const PetscErrorCode local_status = local();
  PetscCall(ReceiveFrom(e.senders, kPushedTag, e.comm));
  const PetscErrorCode arrived = OnDevice(e.device, [&] {
    e.pushed->wait_on(stream);  // the push reads x until then: what follows on PETSc's stream may change it
    for (const aijadaptive::SharedEvent& in : e.senders_pushed) in.wait_on(stream);
  });
  PetscErrorCode off_status = PETSC_SUCCESS;
  if (!local_status && !arrived) {
    PetscCall(PetscObjectStateIncrease((PetscObject)e.values));  // written behind PETSc's back
    off_status = off(e.values);
  }
  const PetscErrorCode freed = OnDevice(e.device, [&] { e.freed->record(stream); });
  PetscCall(SendTo(e.senders, kFreeTag, e.comm, &e.free_sends));
  PetscCall(WaitSent(&e.pushed_sends));
  ++e.products;
  PetscCall(pushed);
  PetscCall(local_status);
  PetscCall(arrived);
  PetscCall(off_status);
  PetscCall(freed);
  PetscFunctionReturn(PETSC_SUCCESS);
}

std::string PeerGhostsDescribe(const PeerGhosts& p) {
  if (!p.exchange) return "ghost exchange: PETSc's scatter (peer exchange: " + p.why_not + ")";
  const PeerExchange& e = *p.exchange;
  return "ghost exchange: pushed between the ranks' GPUs (CUDA IPC): " + std::to_string(e.plan.size()) +
         " values to " + std::to_string(e.receivers.size()) + " rank(s), " + std::to_string(p.count) + " from " +
         std::to_string(e.senders.size()) + " rank(s)";
}

#else  // a PETSc without CUDA: its vectors are on the host, PETSc's scatter it is

struct PeerExchange {};

PetscErrorCode PeerGhostsReady(Mat, const PetscInt*, PetscInt, Vec, PeerGhosts* p, bool* ready) {
  p->why_not = "a PETSc without CUDA";
  *ready = false;
  return PETSC_SUCCESS;
}

PetscErrorCode PeerGhostsMult(PeerGhosts*, Vec, const std::function<PetscErrorCode()>&,
                              const std::function<PetscErrorCode(Vec)>&) {
  SETERRQ(PETSC_COMM_SELF, PETSC_ERR_PLIB, "aijadaptive: the peer exchange needs a PETSc with CUDA");
}

std::string PeerGhostsDescribe(const PeerGhosts& p) { return "ghost exchange: PETSc's scatter (" + p.why_not + ")"; }

namespace {
PetscErrorCode DestroyExchange(std::unique_ptr<PeerExchange>) { return PETSC_SUCCESS; }
}  // namespace

#endif

PeerGhosts::PeerGhosts() = default;
PeerGhosts::~PeerGhosts() = default;

PetscErrorCode PeerGhostsDestroy(PeerGhosts* p) {
  PetscFunctionBegin;
  PetscCall(DestroyExchange(std::move(p->exchange)));
  p->why_not = "no plain product with CUDA vectors yet";
  p->nonzerostate = -1;
  p->count = -1;
  PetscFunctionReturn(PETSC_SUCCESS);
}

}  // namespace aija
