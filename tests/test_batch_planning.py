"""How many workers a batch starts (batch/planning.py): from the work left, the idle
cores and --jobs (tests/test_batch_stream.py runs batches with and without one)."""
from __future__ import annotations

import os

import pytest

from deckcheck.batch import planning, runner

# (CPU seconds of checking left, idle cores besides the main process's, --jobs, workers)
CASES = [
    (60.0, 1.0, 1, 0),    # --jobs 1: never a worker
    (60.0, 0.0, 2, 0),    # the other core is busy: one process is faster
    (60.0, 0.7, 2, 0),    # ... or mostly busy
    (60.0, 0.8, 2, 1),    # idle enough
    (60.0, 1.0, 2, 1),
    (60.0, 5.0, 2, 1),    # --jobs is the ceiling
    (60.0, 3.0, 4, 3),
    (15.9, 1.0, 2, 0),    # under MIN_WORKER_CPU: the first decks' cost overstates an event whose lists repeat
    (16.0, 1.0, 2, 1),
    (16.0, 3.0, 4, 3),    # three workers take 12 s for 2.4 s of extra work: twice over
    (0.0, 3.0, 4, 0),
]


@pytest.mark.parametrize(("remaining", "idle", "jobs", "workers"), CASES)
def test_the_worker_count_follows_the_work_and_the_idle_cores(remaining, idle, jobs, workers):
    assert planning.worker_count(remaining, idle, jobs) == workers


def test_a_busy_sample_counts_idle_cores_between_zero_and_the_cpus():
    sample = planning.Sample.start()
    while sample.cpu_spent() < 0.15:  # busy on one core, long enough for /proc/stat to count
        pass
    idle = sample.idle_cores(fallback=-1)
    cpus = planning.default_jobs()
    if os.path.exists("/proc/stat"):  # Linux: the machine says, so the fallback is never taken
        assert 0.0 <= idle <= cpus - 0.5  # this process kept one core busy
    else:
        assert idle == -1



@pytest.mark.parametrize(("total", "processes"), [(10_000, 2), (1_000, 2), (40, 2), (5_000, 8)])
def test_chunks_keep_task_order_and_shrink_towards_the_end(total, processes):
    tasks = [runner.Task(path=f"{index}.txt", shown=f"{index}.txt", format_id=None) for index in range(total)]
    chunks = list(runner._chunks(tasks, total, processes))
    assert [task for chunk in chunks for task in chunk] == tasks
    sizes = [len(chunk) for chunk in chunks]
    assert sizes[0] == runner.chunk_size(total, processes)
    assert all(later <= earlier for earlier, later in zip(sizes, sizes[1:]))
    assert all(size <= runner.MAX_CHUNK for size in sizes)
    assert sizes[-1] <= runner.MIN_CHUNK
    if total >= 1_000:
        assert sizes[-2] == runner.MIN_CHUNK  # the last full chunks are the smallest


def test_a_batch_gives_its_tasks_fields_in_the_tasks_order():
    """batch/check.py builds each Task by position (one per deck): the fields it gives, in
    its order, are Task's first fields; the rest keep their defaults."""
    from deckcheck.batch.check import TASK_FIELDS
    from deckcheck.batch.runner import Task

    assert Task._fields[:len(TASK_FIELDS)] == TASK_FIELDS
    assert set(Task._fields[len(TASK_FIELDS):]) <= set(Task._field_defaults)
