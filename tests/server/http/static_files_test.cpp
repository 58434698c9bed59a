// The web UI's files behind the API: content types, revalidation (ETag, Last-Modified, 304),
// HEAD, the single-page app's routes, refused paths, and a server whose UI is not built.
#include "server/http/static_files.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "../server_fixture.h"
#include "server/http/server.h"
#include "test_client.h"

namespace kirin::server::http {
namespace {

using nlohmann::json;
using test::HttpClient;
using test::Reply;

const std::string kIndex = "<!doctype html><title>Kirin</title><div id=app></div>";

void write(const std::filesystem::path& file, const std::string& text) {
  std::filesystem::create_directories(file.parent_path());
  std::ofstream(file, std::ios::binary) << text;
}

class StaticFilesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = dir_.path() / "dist";
    write(root_ / "index.html", kIndex);
    write(root_ / "assets" / "index-4f2a9c.js", "console.log('kirin');");
    write(root_ / "assets" / "index-77ab01.css", "body{margin:0}");
    write(root_ / "assets" / "worker-1.mjs", "export {};");
    write(root_ / "assets" / "index-4f2a9c.js.map", "{\"version\":3}");
    write(root_ / "assets" / "font-9.woff2", std::string("wOF2\0\1", 6));
    write(root_ / "favicon.ico", std::string("\0\0\1\0", 4));
    write(root_ / "logo.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>");
    write(root_ / "logo.png", "\x89PNG");
    write(root_ / "manifest.json", "{}");
    write(root_ / "robots.txt", "User-agent: *");
    write(dir_.path() / "secret.txt", "root:x:0:0");
    std::filesystem::create_symlink(dir_.path() / "secret.txt", root_ / "escape.txt");
    start(root_.string());
  }
  void TearDown() override { server_->stop(); }

  void start(const std::string& web_root) {
    if (server_) server_->stop();
    Router router;
    router.add("GET", "/api/ping", [](const Request&) { return json_response({{"pong", true}}); });
    router.add("GET", "/games/{game}/board.svg", [](const Request&) {
      Response r;
      r.content_type = "image/svg+xml";
      r.body = "<svg/>";
      return r;
    });
    add_static_files(router, web_root);
    ServerOptions options;
    options.port = 0;
    options.shutdown_grace = std::chrono::milliseconds(500);
    server_ = std::make_unique<Server>(options, std::move(router));
    server_->start();
  }

  Reply get(const std::string& target, const std::map<std::string, std::string>& headers = {},
            const std::string& method = "GET") {
    HttpClient client(server_->port());
    return client.request(method, target, {}, headers);
  }

  testing::TempDir dir_;
  std::filesystem::path root_;
  std::unique_ptr<Server> server_;
};

TEST(ContentType, ByExtension) {
  EXPECT_EQ(content_type_for("index.html"), "text/html; charset=utf-8");
  EXPECT_EQ(content_type_for("/assets/a.JS"), "text/javascript; charset=utf-8");
  EXPECT_EQ(content_type_for("a.wasm"), "application/wasm");
  EXPECT_EQ(content_type_for("README"), "application/octet-stream");
  EXPECT_EQ(content_type_for("dir.v2/file"), "application/octet-stream");
}

TEST_F(StaticFilesTest, ServesEachTypeWithItsContentType) {
  const std::map<std::string, std::string> types = {
      {"/", "text/html; charset=utf-8"},
      {"/index.html", "text/html; charset=utf-8"},
      {"/assets/index-4f2a9c.js", "text/javascript; charset=utf-8"},
      {"/assets/worker-1.mjs", "text/javascript; charset=utf-8"},
      {"/assets/index-77ab01.css", "text/css; charset=utf-8"},
      {"/assets/index-4f2a9c.js.map", "application/json"},
      {"/assets/font-9.woff2", "font/woff2"},
      {"/favicon.ico", "image/x-icon"},
      {"/logo.svg", "image/svg+xml"},
      {"/logo.png", "image/png"},
      {"/manifest.json", "application/json"},
      {"/robots.txt", "text/plain; charset=utf-8"},
  };
  for (const auto& [target, type] : types) {
    Reply r = get(target);
    EXPECT_EQ(r.status, 200u) << target;
    EXPECT_EQ(r.headers["content-type"], type) << target;
    // A browser must not guess another type, nor frame the pages (transport_test.cpp has
    // the rest of the security headers).
    EXPECT_EQ(r.headers["x-content-type-options"], "nosniff") << target;
    EXPECT_NE(r.headers["content-security-policy"].find("frame-ancestors 'none'"),
              std::string::npos)
        << target;
  }
  EXPECT_EQ(get("/").body, kIndex);
  EXPECT_EQ(get("/assets/font-9.woff2").body, std::string("wOF2\0\1", 6));
  EXPECT_EQ(get("/assets/index-4f2a9c.js").body, "console.log('kirin');");
}

TEST_F(StaticFilesTest, HashedAssetsAreImmutableAndTheRestRevalidated) {
  Reply asset = get("/assets/index-4f2a9c.js");
  EXPECT_EQ(asset.headers["cache-control"], "public, max-age=31536000, immutable");
  Reply index = get("/");
  EXPECT_EQ(index.headers["cache-control"], "no-cache");
  EXPECT_EQ(get("/game/12").headers["cache-control"], "no-cache");

  std::string etag = index.headers["etag"];
  ASSERT_FALSE(etag.empty());
  EXPECT_EQ(etag.front(), '"');
  Reply same = get("/", {{"If-None-Match", etag}});
  EXPECT_EQ(same.status, 304u);
  EXPECT_TRUE(same.body.empty());
  EXPECT_EQ(same.headers["etag"], etag);
  EXPECT_EQ(get("/", {{"If-None-Match", "\"other\", W/" + etag}}).status, 304u);
  EXPECT_EQ(get("/", {{"If-None-Match", "\"other\""}}).status, 200u);
  // The ETag wins over the date when both are sent.
  std::string modified = index.headers["last-modified"];
  ASSERT_NE(modified.find("GMT"), std::string::npos);
  EXPECT_EQ(get("/", {{"If-Modified-Since", modified}}).status, 304u);
  EXPECT_EQ(get("/", {{"If-Modified-Since", modified}, {"If-None-Match", "\"x\""}}).status, 200u);

  // A rebuilt file has another tag.
  write(root_ / "index.html", kIndex + "<!-- rebuilt -->");
  Reply rebuilt = get("/", {{"If-None-Match", etag}});
  EXPECT_EQ(rebuilt.status, 200u);
  EXPECT_NE(rebuilt.headers["etag"], etag);
}

TEST_F(StaticFilesTest, HeadAnswersHeadersOnly) {
  HttpClient client(server_->port());  // one connection: the next answer must parse cleanly
  Reply head = client.request("HEAD", "/assets/index-4f2a9c.js");
  EXPECT_EQ(head.status, 200u);
  EXPECT_EQ(head.headers["content-length"], "21");
  EXPECT_EQ(head.headers["content-type"], "text/javascript; charset=utf-8");
  EXPECT_TRUE(head.body.empty());
  Reply api = client.request("HEAD", "/api/ping");  // HEAD works on GET routes too
  EXPECT_EQ(api.status, 200u);
  EXPECT_TRUE(api.body.empty());
  EXPECT_EQ(client.request("GET", "/api/ping").json()["pong"], true);
  // A 304 has no body either: the connection goes on.
  std::string etag = client.request("GET", "/index.html").headers["etag"];
  Reply fresh = client.request("GET", "/index.html", {}, {{"If-None-Match", etag}});
  EXPECT_EQ(fresh.status, 304u);
  EXPECT_EQ(fresh.headers.count("content-length"), 0u);
  EXPECT_EQ(client.request("GET", "/index.html").body, kIndex);
}

TEST_F(StaticFilesTest, ClientSideRoutesGetTheAppPage) {
  for (const char* route : {"/game/12", "/play", "/analysis", "/games/12", "/user/alice/games"}) {
    Reply r = get(route);
    EXPECT_EQ(r.status, 200u) << route;
    EXPECT_EQ(r.body, kIndex) << route;
    EXPECT_EQ(r.headers["content-type"], "text/html; charset=utf-8") << route;
  }
  // Not pages: the API's own 404s, missing files, other methods.
  Reply api = get("/api/nothing");
  EXPECT_EQ(api.status, 404u);
  EXPECT_EQ(api.json()["error"]["code"], "not_found");
  EXPECT_EQ(get("/api").status, 404u);
  EXPECT_EQ(get("/ws").json()["error"]["code"], "not_found");
  EXPECT_EQ(get("/games/12/board.svg").body, "<svg/>");
  EXPECT_EQ(get("/games/12/nothing/board.svg").status, 404u);
  EXPECT_EQ(get("/assets/index-000000.js").status, 404u);
  EXPECT_EQ(get("/missing.png").status, 404u);
  EXPECT_EQ(get("/game/12", {}, "POST").status, 404u);
}

TEST_F(StaticFilesTest, RefusesPathsOutsideTheRoot) {
  for (const char* target :
       {"/../secret.txt", "/assets/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt",
        "/assets/%2e%2e/%2e%2e/secret.txt", "/..%2fsecret.txt", "/..%5csecret.txt", "/a%00b",
        "/%2fetc%2fpasswd", "/./index.html", "/%zz", "secret.txt"}) {
    Reply r = get(target);
    EXPECT_EQ(r.status, 400u) << target;
    EXPECT_EQ(r.body.find("root:x"), std::string::npos) << target;
  }
  // A symlink that leads out of the root is not followed; absolute-looking paths stay inside.
  EXPECT_EQ(get("/escape.txt").status, 404u);
  for (const char* target : {"//etc/passwd", "/etc/passwd", "//secret.txt"}) {
    Reply r = get(target);
    EXPECT_EQ(r.body.find("root:"), std::string::npos) << target;
  }
  EXPECT_EQ(get("//etc/passwd").body, kIndex);  // no extension: a page of the app
  EXPECT_EQ(get("//secret.txt").status, 404u);
}

TEST_F(StaticFilesTest, WithoutABuiltUiTheApiStillRuns) {
  start((dir_.path() / "not-built").string());
  Reply page = get("/");
  EXPECT_EQ(page.status, 404u);
  EXPECT_EQ(page.headers["content-type"], "text/plain; charset=utf-8");
  EXPECT_NE(page.body.find("web UI is not built"), std::string::npos);
  EXPECT_NE(page.body.find("make build"), std::string::npos);
  EXPECT_NE(page.body.find("not-built"), std::string::npos);
  EXPECT_EQ(get("/game/3").status, 404u);
  EXPECT_EQ(get("/api/ping").status, 200u);
  EXPECT_EQ(get("/api/nothing").json()["error"]["code"], "not_found");

  // No root at all (tests, API-only setups): the router's plain 404.
  start("");
  EXPECT_EQ(get("/").json()["error"]["code"], "not_found");
}

}  // namespace
}  // namespace kirin::server::http
