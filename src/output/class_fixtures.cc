#include "output/class_fixtures.h"

namespace jtg::output {

std::vector<std::string> PinEnvironmentLines(Dialect dialect, const std::string& zone,
                                             const std::string& locale, TypeNamer& namer) {
  const bool j5 = dialect == Dialect::kJUnit5;
  const std::string tz = namer.Name("java/util/TimeZone"), loc = namer.Name("java/util/Locale");
  const std::string before =
      namer.Name(j5 ? "org/junit/jupiter/api/BeforeAll" : "org/junit/BeforeClass");
  const std::string after =
      namer.Name(j5 ? "org/junit/jupiter/api/AfterAll" : "org/junit/AfterClass");
  return {"  // The expected values were recorded in this time zone and locale.",
          "  private static " + tz + " savedTimeZone;",
          "  private static " + loc + " savedLocale;",
          "",
          "  @" + before,
          "  public static void pinEnvironment() {",
          "    savedTimeZone = " + tz + ".getDefault();",
          "    savedLocale = " + loc + ".getDefault();",
          "    " + tz + ".setDefault(" + tz + ".getTimeZone(\"" + zone + "\"));",
          "    " + loc + ".setDefault(" + loc + ".forLanguageTag(\"" + locale + "\"));",
          "  }",
          "",
          "  @" + after,
          "  public static void restoreEnvironment() {",
          "    " + tz + ".setDefault(savedTimeZone);",
          "    " + loc + ".setDefault(savedLocale);",
          "  }"};
}

std::vector<std::string> RestoreDefaultsLines(Dialect dialect, TypeNamer& namer) {
  const bool j5 = dialect == Dialect::kJUnit5;
  const std::string loc = namer.Name("java/util/Locale");
  const std::string tz = namer.Name("java/util/TimeZone");
  const std::string props = namer.Name("java/util/Properties");
  const std::string in = namer.Name("java/io/InputStream");
  const std::string ps = namer.Name("java/io/PrintStream");
  const std::string bytes = namer.Name("java/io/ByteArrayInputStream");
  const std::string before =
      namer.Name(j5 ? "org/junit/jupiter/api/BeforeEach" : "org/junit/Before");
  const std::string after = namer.Name(j5 ? "org/junit/jupiter/api/AfterEach" : "org/junit/After");
  const std::string display = loc + ".Category.DISPLAY", format = loc + ".Category.FORMAT";
  return {"  // Each test reads an empty System.in and leaves the JVM's defaults as it found them.",
          "  private " + loc + " savedDefaultLocale, savedDisplayLocale, savedFormatLocale;",
          "  private " + tz + " savedDefaultTimeZone;",
          "  private " + props + " savedProperties;",
          "  private " + in + " savedIn;",
          "  private " + ps + " savedOut, savedErr;",
          "",
          "  @" + before,
          std::string("  public void ") + kSaveDefaults + "() {",
          "    savedDefaultLocale = " + loc + ".getDefault();",
          "    savedDisplayLocale = " + loc + ".getDefault(" + display + ");",
          "    savedFormatLocale = " + loc + ".getDefault(" + format + ");",
          "    savedDefaultTimeZone = " + tz + ".getDefault();",
          "    savedProperties = (" + props + ") System.getProperties().clone();",
          "    savedIn = System.in;",
          "    savedOut = System.out;",
          "    savedErr = System.err;",
          "    System.setIn(new " + bytes + "(new byte[0]));",
          "  }",
          "",
          "  @" + after,
          std::string("  public void ") + kRestoreDefaults + "() {",
          "    " + loc + ".setDefault(savedDefaultLocale);",
          "    " + loc + ".setDefault(" + display + ", savedDisplayLocale);",
          "    " + loc + ".setDefault(" + format + ", savedFormatLocale);",
          "    " + tz + ".setDefault(savedDefaultTimeZone);",
          "    System.setProperties(savedProperties);",
          "    System.setIn(savedIn);",
          "    System.setOut(savedOut);",
          "    System.setErr(savedErr);",
          "  }"};
}

}  // namespace jtg::output
