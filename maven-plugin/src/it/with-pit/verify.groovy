// PIT ran in the same build as JaCoCo and jtestgen, its minions with both agents on their
// command line. PIT found mutants and killed some; jtestgen's report took the coverage (no
// "recorded for other class bytes"), and its counters for the class still equal JaCoCo's,
// whose report ran before PIT: nothing PIT's minions ran was counted.
def fail = { String msg -> throw new AssertionError(msg) }
def log = new File(basedir, 'build.log').text
if (log.contains('recorded for other class bytes')) fail('jtestgen refused the coverage')
def mutations = new File(basedir, 'target/pit-reports/mutations.xml')
if (!mutations.isFile()) fail("PIT wrote no $mutations")
def mx = new groovy.xml.XmlSlurper().parse(mutations)
def killed = mx.mutation.findAll { it.@status == 'KILLED' }.size()
if (mx.mutation.size() == 0 || killed == 0) fail("PIT: ${mx.mutation.size()} mutants, $killed killed")
def counters = { File f ->
  def slurper = new groovy.xml.XmlSlurper(false, false, true)
  slurper.setFeature('http://apache.org/xml/features/nonvalidating/load-external-dtd', false)
  def cls = slurper.parse(f).'**'.find { it.name() == 'class' && it.@name == 'sample/j/Sign' }
  if (cls == null) fail("no class sample/j/Sign in $f")
  cls.counter.collectEntries { [(it.@type.text()): "${it.@covered}/${it.@missed}"] }
}
def jacoco = new File(basedir, 'target/site/jacoco/jacoco.xml')
def ours = new File(basedir, 'target/site/jtestgen/jtestgen.xml')
[jacoco, ours].each { if (!it.isFile()) fail("no report $it") }
def j = counters(jacoco)
def o = counters(ours)
['INSTRUCTION', 'BRANCH', 'LINE', 'METHOD'].each { t ->
  if (j[t] == null || j[t] != o[t]) fail("$t covered/missed: JaCoCo ${j[t]}, jtestgen ${o[t]}")
}
return true
