// Report filters for the code javac generates for pattern matching (JLS 14.11.1.2, 14.30),
// so that the report's counters read like JaCoCo's on class files of Java 21 and later
// (JaCoCo's ExhaustiveSwitchFilter and RecordPatternFilter,
// org.jacoco.core.internal.analysis.filter; re-derived from javac's code shape):
//  - an exhaustive switch (over a sealed type or an enum, with patterns or as a switch
//    expression) gets a default no source line asks for, that only throws:
//        new java/lang/MatchException; dup; aconst_null; aconst_null;
//        invokespecial MatchException.<init>(String, Throwable); athrow       (javac 21+)
//        new java/lang/IncompatibleClassChangeError; dup;
//        invokespecial IncompatibleClassChangeError.<init>()V; athrow         (javac 14..20)
//    Those instructions are not counted, nor is the switch's default a branch.
//  - a record pattern calls the accessors inside a handler for Throwable that rethrows:
//        astore t; new java/lang/MatchException; dup; aload t;
//        invokevirtual Throwable.toString()String; aload t;
//        invokespecial MatchException.<init>(String, Throwable); athrow
//    That handler is not counted.
#pragma once

#include <cstdint>
#include <set>

#include "analysis/cfg.h"
#include "classfile/class_file.h"
#include "classfile/constant_pool.h"

namespace jtg::report {

struct PatternFilter {
  std::set<uint32_t> ignored;            // offsets of instructions that do not count
  std::set<uint32_t> no_default_switch;  // offsets of switches whose default is no branch
};

// Finds javac's pattern-matching code in `code` (decoded as `cfg`; `cp` is the class's
// constant pool). Never fails: code without javac's shape is left as it is.
PatternFilter FilterPatternCode(const classfile::CodeAttribute& code, const analysis::Cfg& cfg,
                                const classfile::ConstantPool& cp);

}  // namespace jtg::report
