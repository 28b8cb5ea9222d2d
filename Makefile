# jtestgen — top-level convenience targets. See README.md.
#   make demo   build everything and generate + measure a suite for the bundled example
#   make test   build everything (-Werror) and run the unit and end-to-end tests (ctest)
#   make check  make test, then lint, sanitize and fuzz (what CI runs: .ci/run)
#   make lint       clang-format check of src/ and tests/, then clang-tidy over src/ (needs
#                   the build's compile_commands.json)
#   make format     rewrite src/ and tests/ in the style of .clang-format
#   make sanitize   build the asan preset (ASan + UBSan, JVM-free tests) and run its tests
#   make fuzz       build the fuzz preset (clang, libFuzzer) and run each target FUZZ_SECONDS
#   make install    install jtestgen, its agent and the Maven plugin under PREFIX (/usr/local)
#   make maven-test build the Maven plugin and run its unit tests and invoker ITs
#   make dist       a self-contained archive of the engine (build/dist/jtestgen-<v>-linux-x86_64.tar.gz)

SHELL      := /bin/bash
BUILD      ?= build
DEMO_CLASS ?= com.example.inventory.Inventory
DEMO_OUT   ?= $(BUILD)/demo-gen
BUDGET     ?= 20s
WERROR     ?= OFF
FUZZ_SECONDS ?= 60
PREFIX     ?= /usr/local
MVN        ?= mvn

APT_PACKAGES := build-essential cmake ninja-build pkg-config openjdk-17-jdk-headless \
  libabsl-dev libzip-dev libcli11-dev nlohmann-json3-dev libfmt-dev libspdlog-dev libgtest-dev \
  junit4 junit5 libhamcrest-java libopentest4j-java libapiguardian-java \
  libjacoco-java libasm-java libcommons-lang3-java libcommons-collections3-java libguava-java \
  libmockito-java libz3-dev libfaketime unzip time jq maven chromium \
  clang clang-tidy clang-format libclang-rt-14-dev patchelf

SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)

.PHONY: setup build demo test check lint format sanitize fuzz clean install maven-test ray-setup dist

setup:
	@missing=""; \
	for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}\n' "$$p" 2>/dev/null | grep -q '^install ok installed$$' \
	    || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "setup: installing:$$missing"; \
	  $(SUDO) apt-get update && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y --no-install-recommends $$missing; \
	else \
	  echo "setup: all $(words $(APT_PACKAGES)) packages already installed"; \
	fi
	@# JaCoCo 0.8.15 from Maven Central: the coverage oracle for class files of Java 17+
	@tools/jacoco/fetch_jacoco.sh $(BUILD)/jacoco-0.8.15 >/dev/null \
	  || echo "setup: warning: JaCoCo 0.8.15 not fetched; measure_suite.sh retries when it needs it"

build: setup
	cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DJTG_WERROR=$(WERROR)
	ninja -C $(BUILD)

demo: build
	rm -rf $(DEMO_OUT)
	$(BUILD)/jtestgen suite --classpath $(BUILD)/examples/classes --class $(DEMO_CLASS) \
	  --budget $(BUDGET) --out $(DEMO_OUT)
	@echo; echo "== files written to $(DEMO_OUT):"; find $(DEMO_OUT) -type f | sort
	@f=$(DEMO_OUT)/$$(echo $(DEMO_CLASS) | tr . /)JtgTest.java; \
	 echo; echo "== head of $$f:"; head -n 60 "$$f"; echo "   ... ($$(grep -cE '@(Test|ParameterizedTest)$$' "$$f") test methods)"
	@echo; echo "== coverage of $(DEMO_CLASS)"; \
	 json=$$(tools/jacoco/measure_suite.sh $(BUILD)/examples/classes $(DEMO_CLASS) $(DEMO_OUT) 5) || exit 1; \
	 tools/jacoco/compare.sh "$$json" $(DEMO_OUT)/jtestgen-report.json
	@# The Java 21 part (records, sealed classes, pattern-matching switch) on the JDK 25.
	@source $(BUILD)/jdk.env; if [ -z "$$JTG_JDK25_HOME" ]; then \
	  echo; echo "== no JDK 21+ on this machine: the Java 21 example (com.example.shipping) is skipped"; \
	else \
	  echo; echo "== com.example.shipping.Shipping (class files of Java 21) on $$JTG_JDK25_HOME"; \
	  rm -rf $(DEMO_OUT)21; \
	  $(BUILD)/jtestgen suite --java-home "$$JTG_JDK25_HOME" --classpath $(BUILD)/examples/classes21 \
	    --class com.example.shipping.Shipping --budget $(BUDGET) --out $(DEMO_OUT)21 || exit 1; \
	  f=$(DEMO_OUT)21/com/example/shipping/ShippingJtgTest.java; \
	  echo; echo "== head of $$f:"; head -n 40 "$$f"; echo "   ... ($$(grep -cE '@(Test|ParameterizedTest)$$' "$$f") test methods)"; \
	  json=$$(JAVA_HOME="$$JTG_JDK25_HOME" tools/jacoco/measure_suite.sh $(BUILD)/examples/classes21 \
	    com.example.shipping.Shipping $(DEMO_OUT)21 5) || exit 1; \
	  tools/jacoco/compare.sh "$$json" $(DEMO_OUT)21/jtestgen-report.json; \
	fi

# Warnings are errors, then every unit and end-to-end test. CI (.ci/run) runs `make check`.
test: WERROR := ON
test: build ray-setup
	ctest --test-dir $(BUILD) --output-on-failure

# What CI runs: the tests, then clang-tidy, the sanitizer build and the fuzzers.
check: test
	$(MAKE) --no-print-directory lint sanitize fuzz

CXX_SOURCES = $(shell git ls-files 'src/*.cc' 'src/*.h' 'tests/*.cc' 'tests/*.h')

lint: setup
	@echo "clang-format: $(words $(CXX_SOURCES)) files"; clang-format --dry-run --Werror $(CXX_SOURCES)
	@[ -f $(BUILD)/compile_commands.json ] || $(MAKE) --no-print-directory build
	tools/lint/run_clang_tidy.sh $(BUILD)

format:
	clang-format -i $(CXX_SOURCES)

sanitize: setup
	cmake --preset asan
	cmake --build --preset asan
	ctest --preset asan

fuzz: setup
	cmake --preset fuzz
	cmake --build --preset fuzz
	tools/fuzz/run_fuzzers.sh build-fuzz $(FUZZ_SECONDS)

# The Ray back end's Python (`--ray ADDRESS`, src/project/ray_backend.h): a virtual environment
# beside the binary with the pinned `ray` of python/requirements-ray.txt (from PyPI); its `ray`
# command also starts the local two-node cluster of tests/e2e/run_ray.sh. Redone only when
# the requirements change.
RAY_VENV := $(BUILD)/ray-venv
ray-setup: $(RAY_VENV)/.installed
$(RAY_VENV)/.installed: python/requirements-ray.txt
	python3 -m venv $(RAY_VENV)
	$(RAY_VENV)/bin/pip install -q --disable-pip-version-check -r python/requirements-ray.txt
	cp python/requirements-ray.txt $@

# PREFIX/lib/jtestgen/ holds the binary and the coverage agent beside it (jtestgen finds the
# agent next to its own file, /proc/self/exe), PREFIX/bin/jtestgen links to it; the Maven plugin
# goes into the local Maven repository (knowing PREFIX, where it looks for bin/jtestgen) and
# its jar to PREFIX/share/jtestgen/, and so does the engine as the artifact
# dev.jtestgen:jtestgen-engine:<version>:zip:linux-x86_64 (make dist's archive, which the plugin
# resolves and unpacks). Builds first when the build directory has no binary.
install:
	@[ -x $(BUILD)/jtestgen ] && [ -f $(BUILD)/libjtestgen_agent.so ] \
	  || $(MAKE) --no-print-directory build
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/jtestgen $(DESTDIR)$(PREFIX)/share/jtestgen
	install -m 755 $(BUILD)/jtestgen $(BUILD)/libjtestgen_agent.so $(DESTDIR)$(PREFIX)/lib/jtestgen/
	install -m 644 python/jtestgen_ray_driver.py python/requirements-ray.txt \
	  $(DESTDIR)$(PREFIX)/share/jtestgen/
	ln -sfn ../lib/jtestgen/jtestgen $(DESTDIR)$(PREFIX)/bin/jtestgen
	@command -v $(MVN) >/dev/null || { echo "install: no $(MVN): the Maven plugin is left out"; exit 0; }; \
	set -x; \
	$(MVN) -B -q -f maven-plugin/pom.xml install -DskipTests -Dinvoker.skip \
	  -Djtestgen.install.prefix=$(PREFIX) && \
	install -m 644 maven-plugin/target/jtestgen-maven-plugin-*[0-9].jar $(DESTDIR)$(PREFIX)/share/jtestgen/ && \
	install -m 644 maven-plugin/pom.xml $(DESTDIR)$(PREFIX)/share/jtestgen/jtestgen-maven-plugin.pom && \
	bash tools/dist.sh $(BUILD) $(BUILD)/dist >/dev/null && \
	version=$$($(BUILD)/jtestgen --version | awk '{ print $$2 }') && \
	$(MVN) -B -q install:install-file -Dfile=$(BUILD)/dist/jtestgen-$$version-linux-x86_64.zip \
	  -DgroupId=dev.jtestgen -DartifactId=jtestgen-engine -Dversion=$$version \
	  -Dclassifier=linux-x86_64 -Dpackaging=zip -DgeneratePom=true && \
	install -m 644 $(BUILD)/dist/jtestgen-$$version-linux-x86_64.zip $(DESTDIR)$(PREFIX)/share/jtestgen/

# The plugin's unit tests and invoker ITs against the engine of $(BUILD) (what ctest's
# e2e_maven runs, tests/e2e/run_maven.sh).
maven-test:
	bash tests/e2e/run_maven.sh $(BUILD) .

# The engine with every library it needs but glibc's, and the jars it runs tests with, for any
# glibc Linux with a JDK (tools/dist.sh; ctest e2e_dist runs it with the system's copies hidden).
dist:
	@[ -x $(BUILD)/jtestgen ] && [ -f $(BUILD)/libjtestgen_agent.so ] \
	  || $(MAKE) --no-print-directory build
	bash tools/dist.sh $(BUILD) $(BUILD)/dist

clean:
	rm -rf $(BUILD) build-asan build-fuzz
