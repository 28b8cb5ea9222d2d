// Report filter for the members javac generates for a record (JLS 8.10.3): the accessor of
// each component and toString, hashCode and equals, the last three an invokedynamic of
// java.lang.runtime.ObjectMethods.bootstrap. JaCoCo (0.8.7 and later, RecordsFilter in
// org.jacoco.core.internal.analysis.filter) does not count them; neither does the report,
// so that its counters read like JaCoCo's on class files of Java 16 and later.
#pragma once

#include "classfile/class_file.h"

namespace jtg::report {

// True when `m` is a member of record class `cls` (direct subclass of java/lang/Record) with
// javac's generated shape:
//   toString()Ljava/lang/String;  aload_0; invokedynamic toString ObjectMethods; areturn
//   hashCode()I                   aload_0; invokedynamic hashCode ObjectMethods; ireturn
//   equals(Ljava/lang/Object;)Z   aload_0; aload_1; invokedynamic equals ObjectMethods; ireturn
//   c()T, any T                   aload_0; getfield <this field named c>; Treturn
// An accessor a developer wrote in the generated shape matches too (as in JaCoCo): it is
// trivial code either way. Never fails: malformed constant-pool references read as no match.
bool IsRecordGenerated(const classfile::ClassFile& cls, const classfile::MethodInfo& m);

}  // namespace jtg::report
