# jtestgen — top-level convenience targets. See README.md.
#   make demo   build everything and generate + measure a suite for the bundled example
#   make test   build everything and run the unit and end-to-end tests (ctest)

SHELL      := /bin/bash
BUILD      ?= build
DEMO_CLASS ?= com.example.inventory.Inventory
DEMO_OUT   ?= $(BUILD)/demo-gen
BUDGET     ?= 20s

APT_PACKAGES := build-essential cmake ninja-build pkg-config openjdk-17-jdk-headless \
  libabsl-dev libzip-dev libcli11-dev nlohmann-json3-dev libfmt-dev libgtest-dev \
  junit4 junit5 libhamcrest-java libopentest4j-java libapiguardian-java \
  libjacoco-java libasm-java libcommons-lang3-java libcommons-collections3-java libguava-java \
  libmockito-java unzip time jq

SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)

.PHONY: setup build demo test clean

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

build: setup
	cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
	ninja -C $(BUILD)

demo: build
	rm -rf $(DEMO_OUT)
	$(BUILD)/jtestgen suite --classpath $(BUILD)/examples/classes --class $(DEMO_CLASS) \
	  --budget $(BUDGET) --out $(DEMO_OUT)
	@echo; echo "== files written to $(DEMO_OUT):"; find $(DEMO_OUT) -type f | sort
	@f=$(DEMO_OUT)/$$(echo $(DEMO_CLASS) | tr . /)Test.java; \
	 echo; echo "== head of $$f:"; head -n 60 "$$f"; echo "   ... ($$(grep -c '@Test' "$$f") @Test methods)"
	@echo; echo "== coverage of $(DEMO_CLASS)"; \
	 json=$$(tools/jacoco/measure_suite.sh $(BUILD)/examples/classes $(DEMO_CLASS) $(DEMO_OUT) 5) || exit 1; \
	 tools/jacoco/compare.sh "$$json" $(DEMO_OUT)/jtestgen-report.json

test: build
	ctest --test-dir $(BUILD) --output-on-failure

clean:
	rm -rf $(BUILD)
