// check fails below minBranchRatio, naming the ratio; the line ratio passes; the agent's
// option was appended to the pom's argLine; the reports were written first.
def fail = { String msg -> throw new AssertionError(msg) }
def log = new File(basedir, 'build.log').text
if (!(log =~ /argLine set to -Xmx256m -agentpath:\S+libjtestgen_agent\.so=mode=static,includes=sample\.t\.\*,excludes=\*\*JtgTest:\*\*JtgTest\$\*:\*\*Test:\*\*Test\$\*:\*\*Tests:\*\*Tests\$\*:\*\*TestCase:\*\*TestCase\$\*:\*\*\.Test\*:Test\*,out=/)) {
  fail('argLine was not appended to')
}
if (!log.contains('branch coverage 0.2500 (1 of 4) is below the minimum 0.9000')) {
  fail('check did not fail on the branch ratio')
}
if (log.contains('line coverage')) fail('the line ratio should pass')
if (!log.contains('[INFO] coverage of 1 classes from 1 runs')) fail('report output not in the log')
['jtestgen.xml', 'jtestgen.json', 'index.html'].each { f ->
  if (!new File(basedir, "target/site/jtestgen/$f").isFile()) fail("no report $f")
}
def xml = new File(basedir, 'target/site/jtestgen/jtestgen.xml').text
if (!xml.contains('<counter type="BRANCH" missed="3" covered="1"/>')) fail('unexpected branch counter')
return true
