// Sized inputs of `jtestgen perf`'s directed seeds (directed_seeds.h) that are arrays: an
// array parameter (varargs included) gets n (or n + add) elements following Glider's element
// patterns (Dhok and Ramanathan, FSE 2016: all distinct from a base, disjoint bases,
// all equal), built from statements the executor and the JUnit writer already know, so the
// test scales with its size parameter n and needs only the JDK:
//   - primitive arrays (int, long, short, byte, char, float, double): a java.nio buffer with
//     room for them (`IntBuffer.allocate(2 * n + 16)`), one kRepeat of put(base + i)
//     (put(base) for all equal), then `Arrays.copyOf(buffer.array(), buffer.position())`;
//   - arrays of Object, Integer, Number, Comparable, Serializable (Integer elements), String
//     or CharSequence (String elements): an ArrayList filled by one kRepeat, then
//     `list.toArray(new T[] {})` (cast to T[]).
// The buffer's capacity is a scaled literal that sizes the same value as its kRepeat
// (loop_inputs.h groups them) and is not counted as input elements (growth_runner.h).
// Pure functions over a TestCase.
#pragma once

#include <cstdint>
#include <string>

#include "classfile/descriptor.h"
#include "testcase/test_case.h"

namespace jtg::perf {

inline classfile::TypeDesc Obj(const std::string& cls) {
  classfile::TypeDesc t;
  t.base = 'L';
  t.class_name = cls;
  return t;
}

inline classfile::TypeDesc Prim(char base) {
  classfile::TypeDesc t;
  t.base = base;
  return t;
}

// How a sized input is filled: n + add elements from `base` by `pattern`.
struct Fill {
  int32_t add = 0;  // count = n + add
  int64_t base = 0;
  testcase::RepeatPattern pattern = testcase::RepeatPattern::kDistinct;
};

// Whether a declared type is a one-dimensional array AppendFilledArray can fill.
bool IsFillableArray(const classfile::TypeDesc& t);

// Appends statements that build an array of type `t` (IsFillableArray) per `f`; returns the
// index of the statement whose value is the array. Narrow element types (byte, short, char)
// take the base modulo their range: disjoint bases should differ by less than it.
int AppendFilledArray(testcase::TestCase& tc, const classfile::TypeDesc& t, const Fill& f);

// Whether statement `i` is the capacity of a java.nio buffer built by AppendFilledArray: a
// scaled literal whose value is only the argument of a `java/nio/*Buffer.allocate` call.
bool IsBufferCapacity(const testcase::TestCase& tc, size_t i);

}  // namespace jtg::perf
