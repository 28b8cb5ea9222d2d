// The README's set-up, in the order of invoker.properties: verify generated nothing; the first
// generate did both classes (the package-private one too) into .jtestgen/tests; the second, and
// the one after `mvn clean`, found both unchanged; export copied the tests into src/test/java and
// the next verify ran them; help named the goals.
def fail = { String msg -> throw new AssertionError(msg) }
def log = new File(basedir, 'build.log').text
int generates = (log =~ /--- jtestgen(-maven-plugin)?:[^:]+:generate /).size()
if (generates != 3) fail("generate ran $generates times, expected 3 (only when asked)")
if (!log.contains('2 classes: 2 generated, 0 unchanged, 0 failed')) fail('first generate did not do both classes')
int unchanged = (log =~ /jtestgen suite: 2 classes: 0 generated, 2 unchanged, 0 failed/).size()
if (unchanged != 2) fail("$unchanged runs found both classes unchanged, expected 2 (again; after clean)")
['Range', 'Steps'].each { c ->
  def gen = new File(basedir, ".jtestgen/tests/sample/l/${c}JtgTest.java")
  if (!gen.isFile()) fail("no $gen")
  def exported = new File(basedir, "src/test/java/sample/l/${c}JtgTest.java")
  if (!exported.isFile() || exported.text != gen.text) fail("$exported is not the generated test")
  def xml = new File(basedir, "target/surefire-reports/TEST-sample.l.${c}JtgTest.xml")
  if (!xml.isFile()) fail("the build after export did not run ${c}JtgTest")
}
if (!new File(basedir, '.jtestgen/jtestgen-summary.json').isFile()) fail('no summary in .jtestgen')
if (!log.contains('jtestgen:export') || !log.contains('jtestgen:generate')) fail('help lists no goals')
return true
