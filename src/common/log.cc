#include "common/log.h"

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include <memory>

namespace jtg::log {

void SetVerbose(bool on) {
  if (!on) {
    spdlog::set_level(spdlog::level::info);
    return;
  }
  auto logger = std::make_shared<spdlog::logger>("jtestgen",
                                                 std::make_shared<spdlog::sinks::stderr_sink_mt>());
  logger->set_pattern("[%H:%M:%S.%e] jtestgen debug: %v");
  logger->set_level(spdlog::level::debug);
  logger->flush_on(spdlog::level::debug);  // a worker may be killed: nothing stays buffered
  spdlog::set_default_logger(std::move(logger));
}

bool Verbose() { return spdlog::should_log(spdlog::level::debug); }

void Debug(std::string_view message) {
  if (Verbose()) spdlog::debug("{}", message);
}

}  // namespace jtg::log
