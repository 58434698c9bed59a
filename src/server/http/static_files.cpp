#include "server/http/static_files.h"

#include <fmt/chrono.h>
#include <fmt/format.h>

#include <chrono>
#include <ctime>
#include <fstream>
#include <map>
#include <sstream>
#include <vector>

#include "server/http/log.h"
#include "server/http/url.h"

#ifndef KIRIN_WEB_ROOT
#define KIRIN_WEB_ROOT "web/dist"
#endif

namespace kirin::server::http {

namespace fs = std::filesystem;

namespace {

const char* const kImmutable = "public, max-age=31536000, immutable";

// Paths the API owns: a miss there is the API's 404, never a page.
bool is_api_path(std::string_view path) {
  for (std::string_view prefix : {"/api", "/ws"})
    if (path.substr(0, prefix.size()) == prefix &&
        (path.size() == prefix.size() || path[prefix.size()] == '/'))
      return true;
  // /games/{id}/board.svg is a route; a near miss must not turn into the UI's page.
  return path.substr(0, 7) == "/games/" && path.size() >= 10 &&
         path.substr(path.size() - 10) == "/board.svg";
}

bool has_extension(std::string_view segment) { return segment.find('.') != std::string_view::npos; }

// The request path as decoded segments; HttpError 400 for anything that could leave the root
// or mean something else to the file system.
std::vector<std::string> safe_segments(const std::string& path) {
  auto refuse = [&](const std::string& why) {
    throw HttpError(400, "bad_url", fmt::format("refused path '{}': {}", path, why));
  };
  if (path.empty() || path[0] != '/') refuse("it must start with '/'");
  std::vector<std::string> segments;
  for (std::string_view raw : path_segments(path)) {
    std::string s = percent_decode(raw, false);
    if (s == "." || s == "..") refuse("'.' and '..' are not allowed");
    if (s.find('\0') != std::string::npos) refuse("it contains a NUL character");
    if (s.find('/') != std::string::npos || s.find('\\') != std::string::npos)
      refuse("an encoded '/' or a '\\\\' in a segment");
    segments.push_back(std::move(s));
  }
  return segments;
}

// a inside b (both canonical)?
bool inside(const fs::path& file, const fs::path& root) {
  auto [r, f] = std::mismatch(root.begin(), root.end(), file.begin(), file.end());
  return r == root.end();
}

std::string http_date(fs::file_time_type t) {
  auto sys = std::chrono::file_clock::to_sys(t);
  std::time_t seconds = std::chrono::system_clock::to_time_t(
      std::chrono::time_point_cast<std::chrono::system_clock::duration>(sys));
  return fmt::format("{:%a, %d %b %Y %H:%M:%S} GMT", fmt::gmtime(seconds));
}

// Does an If-None-Match list ("a", W/"b", *) name this entity tag? Weak comparison, as
// RFC 9110 13.1.2 asks for GET.
bool etag_matches(std::string_view list, std::string_view etag) {
  while (!list.empty()) {
    std::size_t comma = list.find(',');
    std::string_view item = list.substr(0, comma);
    list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
    if (item.substr(0, 2) == "W/") item.remove_prefix(2);
    if (item == "*" || item == etag) return true;
  }
  return false;
}

}  // namespace

std::string default_web_root() {
  std::error_code ec;
  if (fs::is_directory("web/dist", ec)) return (fs::current_path(ec) / "web" / "dist").string();
  return built_in_web_root();
}

std::string built_in_web_root() { return KIRIN_WEB_ROOT; }

std::string content_type_for(std::string_view path) {
  static const std::map<std::string, std::string, std::less<>> types = {
      {"html", "text/html; charset=utf-8"},
      {"js", "text/javascript; charset=utf-8"},
      {"mjs", "text/javascript; charset=utf-8"},
      {"css", "text/css; charset=utf-8"},
      {"svg", "image/svg+xml"},
      {"png", "image/png"},
      {"jpg", "image/jpeg"},
      {"jpeg", "image/jpeg"},
      {"gif", "image/gif"},
      {"webp", "image/webp"},
      {"ico", "image/x-icon"},
      {"json", "application/json"},
      {"webmanifest", "application/manifest+json"},
      {"map", "application/json"},
      {"wasm", "application/wasm"},
      {"woff", "font/woff"},
      {"woff2", "font/woff2"},
      {"ttf", "font/ttf"},
      {"txt", "text/plain; charset=utf-8"},
  };
  std::size_t slash = path.rfind('/');
  std::string_view name = slash == std::string_view::npos ? path : path.substr(slash + 1);
  std::size_t dot = name.rfind('.');
  if (dot != std::string_view::npos) {
    std::string extension(name.substr(dot + 1));
    for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (auto it = types.find(extension); it != types.end()) return it->second;
  }
  return "application/octet-stream";
}

StaticFiles::StaticFiles(fs::path root) : root_(std::move(root)) {
  std::error_code ec;
  if (fs::is_directory(root_, ec)) canonical_root_ = fs::canonical(root_, ec);
  if (ec) canonical_root_.clear();
}

std::optional<Response> StaticFiles::serve(const Request& request) const {
  if (request.method != "GET" && request.method != "HEAD") return std::nullopt;
  if (is_api_path(request.path)) return std::nullopt;
  std::vector<std::string> segments = safe_segments(request.path);
  if (!available()) return not_built();

  bool page = segments.empty() || !has_extension(segments.back());
  fs::path file = canonical_root_;
  for (const std::string& s : segments) file /= s;
  std::error_code ec;
  fs::path real = fs::canonical(file, ec);  // through symlinks: must stay inside the root
  if (!ec && fs::is_regular_file(real, ec) && inside(real, canonical_root_))
    return file_response(real, request, !segments.empty() && segments.front() == "assets");
  if (page) {
    // A client-side route (/game/12, /play): the app's page, which reads the URL itself.
    fs::path index = canonical_root_ / "index.html";
    if (fs::is_regular_file(index, ec)) return file_response(index, request, false);
    return not_built();
  }
  Response response = error_response(404, "not_found", "no such file: " + request.path);
  return response;
}

Response StaticFiles::file_response(const fs::path& file, const Request& request,
                                    bool immutable) const {
  std::error_code ec;
  auto size = fs::file_size(file, ec);
  auto modified = fs::last_write_time(file, ec);
  if (ec) throw HttpError(404, "not_found", "no such file: " + request.path);
  // Size and modification time change whenever a build rewrites the file.
  std::string etag = fmt::format(
      "\"{:x}-{:x}\"", size,
      std::chrono::duration_cast<std::chrono::nanoseconds>(modified.time_since_epoch()).count());
  std::string last_modified = http_date(modified);

  Response response;
  response.content_type = content_type_for(file.string());
  response.headers = {{"ETag", etag},
                      {"Last-Modified", last_modified},
                      {"Cache-Control", immutable ? kImmutable : "no-cache"}};
  const std::string& if_none_match = request.header("if-none-match");
  // Browsers send back the Last-Modified they were given; an exact match is enough here.
  bool fresh = !if_none_match.empty() ? etag_matches(if_none_match, etag)
                                      : request.header("if-modified-since") == last_modified;
  if (fresh) {
    response.status = 304;
    return response;
  }
  std::ifstream in(file, std::ios::binary);
  std::ostringstream body;
  body << in.rdbuf();
  if (!in) throw std::runtime_error("cannot read " + file.string());
  response.body = std::move(body).str();
  return response;
}

Response StaticFiles::not_built() const {
  Response response;
  response.status = 404;
  response.content_type = "text/plain; charset=utf-8";
  response.body = fmt::format(
      "The Kirin web UI is not built: run `make build` (it builds web/dist), or start\n"
      "kirin serve with --web-root DIR pointing at a built front-end.\n"
      "Looked for it in: {}\n"
      "The JSON API is served under /api/ (docs/API.md).\n",
      root_.string());
  response.headers = {{"Cache-Control", "no-cache"}};
  return response;
}

void add_static_files(Router& router, const std::string& web_root) {
  if (web_root.empty()) return;
  auto files = std::make_shared<const StaticFiles>(web_root);
  if (files->available())
    log("serving the web UI from {}", files->root().string());
  else
    log("no web UI is served: {} does not exist (run `make build`); the API works without it",
        files->root().string());
  router.set_fallback([files](const Request& request) { return files->serve(request); });
}

}  // namespace kirin::server::http
