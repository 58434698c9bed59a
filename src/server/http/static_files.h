// The web front-end's built files (Vite's output, web/dist) served next to the API: the
// router's fallback, so it sees only paths no API route takes. Files under assets/ carry a
// content hash in their names and are cached for a year; everything else is revalidated
// (ETag, Last-Modified, 304). A path without a file extension that names no file is a route
// of the single-page app (/game/12, /play) and gets index.html. Paths are checked segment by
// segment and the file resolved through symlinks must lie inside the root.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "server/http/message.h"
#include "server/http/router.h"

namespace kirin::server::http {

// Where `kirin serve` looks without --web-root: web/dist under the current directory if it
// exists, else the source tree's web/dist (KIRIN_WEB_ROOT, set by CMake).
std::string default_web_root();
std::string built_in_web_root();  // the source tree's web/dist

// "text/javascript; charset=utf-8" for "assets/app.js"; application/octet-stream if unknown.
std::string content_type_for(std::string_view path);

class StaticFiles {
 public:
  // The root need not exist: then every page answers that the UI is not built.
  explicit StaticFiles(std::filesystem::path root);

  bool available() const { return !canonical_root_.empty(); }
  const std::filesystem::path& root() const { return root_; }

  // Answers a GET or HEAD outside the API (/api/..., /ws); nullopt for everything else.
  // Throws HttpError 400 for a path that tries to leave the root.
  std::optional<Response> serve(const Request& request) const;

 private:
  Response file_response(const std::filesystem::path& file, const Request& request,
                         bool immutable) const;
  Response not_built() const;

  std::filesystem::path root_;
  std::filesystem::path canonical_root_;  // empty when the root does not exist
};

// Installs the files under `web_root` as the router's fallback (nothing if web_root is empty)
// and logs once where the UI is served from, or that there is none.
void add_static_files(Router& router, const std::string& web_root);

}  // namespace kirin::server::http
