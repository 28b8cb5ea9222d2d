#!/usr/bin/env python3
"""Add PIT (pitest-maven + pitest-junit5-plugin) to a COPY of a Maven pom, in place.

usage: pom_add_pit.py POM PIT_VERSION JUNIT5_PLUGIN_VERSION [--add-jupiter JUPITER_VERSION]

Plain text insertion (keeps the pom's formatting and namespaces): the pitest-maven <plugin>,
with the junit5 plugin as its plugin dependency, goes at the end of <build><plugins> (created
when the pom has none). With --add-jupiter, junit-jupiter (api, engine, params) are added as test
dependencies when the pom names no junit-jupiter artifact at all (generated tests need JUnit 5).
Never run it on a project's own pom: bench/pit.sh runs it on copies.
"""
import re
import sys


def main():
    pom, pit, junit5 = sys.argv[1:4]
    jupiter = None
    if "--add-jupiter" in sys.argv:
        jupiter = sys.argv[sys.argv.index("--add-jupiter") + 1]
    text = open(pom, encoding="utf-8").read()
    if "<artifactId>pitest-maven</artifactId>" in text:
        # an existing declaration would merge with ours unpredictably: rename it away
        text = text.replace("<artifactId>pitest-maven</artifactId>",
                            "<artifactId>pitest-maven-disabled-by-bench</artifactId>")
    config = """
        <configuration>
          <skipFailingTests>${jtg.pit.skipFailing}</skipFailingTests>
          <parseSurefireConfig>false</parseSurefireConfig>
        </configuration>"""
    plugin = f"""
      <plugin>
        <groupId>org.pitest</groupId>
        <artifactId>pitest-maven</artifactId>
        <version>{pit}</version>
        <dependencies>
          <dependency>
            <groupId>org.pitest</groupId>
            <artifactId>pitest-junit5-plugin</artifactId>
            <version>{junit5}</version>
          </dependency>
        </dependencies>{config}
      </plugin>
"""
    # the <build> of the project (not one inside <profiles>): the last top-level one
    prof = text.find("<profiles>")
    head_end = prof if prof >= 0 else len(text)
    b = text.rfind("<build>", 0, head_end)
    if b < 0:
        end = text.rfind("</project>")
        text = text[:end] + "  <build>\n    <plugins>" + plugin + "    </plugins>\n  </build>\n" + text[end:]
    else:
        be = text.find("</build>", b)
        pm_end = text.find("</pluginManagement>", b, be)
        start = pm_end if pm_end >= 0 else b
        pe = text.find("</plugins>", start, be)
        if pe < 0:
            text = text[:be] + "  <plugins>" + plugin + "    </plugins>\n  " + text[be:]
        else:
            ls = text.rfind("\n", 0, pe) + 1  # the start of the </plugins> line
            text = text[:ls] + plugin.lstrip("\n") + text[ls:]
    if jupiter and not re.search(r"<artifactId>junit-jupiter", text):
        deps = "".join(f"""
    <dependency>
      <groupId>org.junit.jupiter</groupId>
      <artifactId>{a}</artifactId>
      <version>{jupiter}</version>
      <scope>test</scope>
    </dependency>""" for a in ("junit-jupiter-api", "junit-jupiter-engine", "junit-jupiter-params"))
        # top-level <dependencies>: the first one not inside <dependencyManagement>
        dm = re.search(r"<dependencyManagement>.*?</dependencyManagement>", text, re.S)
        pos = 0
        while True:
            m = text.find("<dependencies>", pos)
            if m < 0 or not (dm and dm.start() <= m < dm.end()):
                break
            pos = m + 1
        if m >= 0 and (prof < 0 or m < prof):
            i = m + len("<dependencies>")
            text = text[:i] + deps + text[i:]
        else:
            b = text.find("<build>")
            text = text[:b] + "<dependencies>" + deps + "\n  </dependencies>\n  " + text[b:]
    open(pom, "w", encoding="utf-8").write(text)


if __name__ == "__main__":
    main()
