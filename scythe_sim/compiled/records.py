"""Numpy records for compiled code, shared by every game: tables and states are one
record each (a single pointer for a compiled call), and states are copied element by
element (a slice assignment may allocate, and entry points run without the allocator)."""
import numpy as np
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic

from .jit import njit


def as_record(fields) -> np.record:
    """A NamedTuple of arrays copied into the fields of one numpy record (int64 fields)."""
    names = type(fields)._fields
    dtype = np.dtype([(name, np.int64, value.shape) for name, value in zip(names, fields)])
    record = np.zeros(1, dtype).view(np.recarray)[0]
    for name, value in zip(names, fields):
        record[name][...] = value
    return record


@njit
def copy_1d(dst, src):
    for i in range(dst.shape[0]):
        dst[i] = src[i]


@njit
def copy_2d(dst, src):
    for i in range(dst.shape[0]):
        for j in range(dst.shape[1]):
            dst[i, j] = src[i, j]


@intrinsic
def copy_record_bytes(typingctx, dst, src, nbytes):
    """Copy the first nbytes bytes of record src over record dst (one memcpy): a record
    is passed to compiled code as a pointer to its bytes, and its fields lie one after
    the other in declaration order (with only alignment padding between them), so the
    first bytes are the first fields declared."""
    if not (isinstance(dst, types.Record) and isinstance(src, types.Record)
            and isinstance(nbytes, types.Integer)):
        return None

    def codegen(context, builder, signature, args):
        to, frm, count = args
        byte_ptr = cgutils.voidptr_t
        cgutils.raw_memcpy(builder, builder.bitcast(to, byte_ptr), builder.bitcast(frm, byte_ptr),
                           count, 1)
        return context.get_dummy_value()

    return types.void(dst, src, nbytes), codegen
