#include "server/mail/mail.h"

#include <gmime/gmime.h>

#include <algorithm>
#include <cctype>
#include <memory>
#include <mutex>

#include "server/domain/service_error.h"
#include "server/text/command_text.h"

namespace kirin::server::mail {
namespace {

void init_gmime() {
  static std::once_flag once;
  std::call_once(once, [] { g_mime_init(); });
}

// GObject references released at the end of a scope.
struct Unref {
  void operator()(void* p) const {
    if (p) g_object_unref(p);
  }
};
template <class T>
using Ref = std::unique_ptr<T, Unref>;

struct FreeString {
  void operator()(char* p) const { g_free(p); }
};
using GString_ = std::unique_ptr<char, FreeString>;

std::string str(const char* s) { return s ? s : ""; }

std::string trimmed(std::string s) {
  auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (!s.empty() && blank(s.back())) s.pop_back();
  size_t i = 0;
  while (i < s.size() && blank(s[i])) ++i;
  return s.substr(i);
}

// One line, at most `max` bytes (whole UTF-8 characters), for a header.
std::string one_line(std::string s, size_t max) {
  for (char& c : s)
    if (c == '\r' || c == '\n' || c == '\t') c = ' ';
  if (s.size() > max) {
    size_t cut = max;
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
    s.resize(cut);
  }
  return s;
}

// The first mailbox of an address list (groups searched too).
bool first_mailbox(InternetAddressList* list, std::string& name, std::string& addr, int depth = 0) {
  if (!list || depth > 4) return false;
  for (int i = 0; i < internet_address_list_length(list); ++i) {
    InternetAddress* a = internet_address_list_get_address(list, i);
    if (INTERNET_ADDRESS_IS_MAILBOX(a)) {
      std::string got = str(internet_address_mailbox_get_addr(INTERNET_ADDRESS_MAILBOX(a)));
      if (got.empty() || got.find('@') == std::string::npos) continue;
      addr = got;
      name = str(internet_address_get_name(a));
      return true;
    }
    if (INTERNET_ADDRESS_IS_GROUP(a) &&
        first_mailbox(internet_address_group_get_members(INTERNET_ADDRESS_GROUP(a)), name, addr,
                      depth + 1))
      return true;
  }
  return false;
}

// `bytes` converted from `charset` to UTF-8 by GMime's charset filter (iconv).
std::string to_utf8(const std::string& bytes, const char* charset) {
  Ref<GMimeStream> mem(g_mime_stream_mem_new());
  Ref<GMimeStream> filtered(g_mime_stream_filter_new(mem.get()));
  if (GMimeFilter* f = g_mime_filter_charset_new(charset, "utf-8")) {
    g_mime_stream_filter_add(GMIME_STREAM_FILTER(filtered.get()), f);
    g_object_unref(f);
  }
  g_mime_stream_write(filtered.get(), bytes.data(), bytes.size());
  g_mime_stream_flush(filtered.get());
  GByteArray* out = g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(mem.get()));
  return std::string(reinterpret_cast<const char*>(out->data), out->len);
}

bool valid_utf8(const std::string& s) {
  return g_utf8_validate(s.data(), gssize(s.size()), nullptr);
}

// The decoded text of a part, converted to valid UTF-8. Text labelled ISO-8859-1 is read as
// windows-1252, its superset, as browsers do (WHATWG Encoding): mail programs label
// windows-1252 so, and its curly quotes and euro (0x80-0x9F) are no control characters. Text
// with no charset, or US-ASCII, whose bytes are not UTF-8 is windows-1252 too: what Western
// mail programs without a label send.
std::string part_text(GMimePart* part) {
  GMimeDataWrapper* content = g_mime_part_get_content(part);
  if (!content) return {};
  Ref<GMimeStream> mem(g_mime_stream_mem_new());
  g_mime_data_wrapper_write_to_stream(content, mem.get());
  GByteArray* bytes = g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(mem.get()));
  std::string text(reinterpret_cast<const char*>(bytes->data), bytes->len);

  std::string charset =
      str(g_mime_object_get_content_type_parameter(GMIME_OBJECT(part), "charset"));
  std::string canon = charset.empty() ? "" : lower(str(g_mime_charset_canon_name(charset.c_str())));
  if (canon == "iso-8859-1" || ((canon.empty() || canon == "us-ascii") && !valid_utf8(text)))
    text = to_utf8(text, "windows-1252");
  else if (!canon.empty() && canon != "utf-8" && canon != "us-ascii")
    text = to_utf8(text, charset.c_str());
  if (!valid_utf8(text)) {
    GString_ valid(g_utf8_make_valid(text.data(), gssize(text.size())));
    text = valid.get();
  }
  return text;
}

// RFC 3676: a line ending in a space continues on the next one (unless it is the signature
// marker); a leading space was added to stuff the line.
std::string unflow(const std::string& text, bool delsp) {
  std::string out;
  size_t at = 0;
  while (at < text.size()) {
    size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(at, end - at);
    at = end + 1;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    bool quoted = !line.empty() && line[0] == '>';
    if (!quoted && !line.empty() && line[0] == ' ') line.erase(0, 1);
    bool soft = !quoted && line != "-- " && !line.empty() && line.back() == ' ';
    if (soft && delsp) line.pop_back();
    out += line;
    if (!soft) out += '\n';
  }
  return out;
}

// An inline PGP signature's armour around the text ("-----BEGIN PGP SIGNED MESSAGE-----").
std::string strip_pgp(const std::string& text) {
  const std::string begin = "-----BEGIN PGP SIGNED MESSAGE-----";
  size_t start = text.find(begin);
  if (start == std::string::npos) return text;
  size_t body = text.find("\n\n", start);
  size_t body_crlf = text.find("\n\r\n", start);
  if (body == std::string::npos || (body_crlf != std::string::npos && body_crlf < body)) {
    if (body_crlf == std::string::npos) return text;
    body = body_crlf + 1;
  }
  body += 2;
  size_t sig = text.find("-----BEGIN PGP SIGNATURE-----", body);
  std::string inner = text.substr(body, sig == std::string::npos ? std::string::npos : sig - body);
  // Dash-escaped lines ("- --") lose their escape.
  std::string out;
  size_t at = 0;
  while (at < inner.size()) {
    size_t end = inner.find('\n', at);
    if (end == std::string::npos) end = inner.size();
    std::string line = inner.substr(at, end - at);
    if (line.rfind("- ", 0) == 0) line.erase(0, 2);
    out += line + "\n";
    at = end + 1;
  }
  return out;
}

struct Found {
  GMimePart* text = nullptr;
  bool html = false;
  bool encrypted = false;
};

void find_text(GMimeObject* o, Found& f, int depth) {
  if (!o || f.text || depth > 32) return;
  if (GMIME_IS_MULTIPART_ENCRYPTED(o)) {
    f.encrypted = true;
    return;
  }
  if (GMIME_IS_MULTIPART_SIGNED(o)) {
    find_text(g_mime_multipart_get_part(GMIME_MULTIPART(o), GMIME_MULTIPART_SIGNED_CONTENT), f,
              depth + 1);
    return;
  }
  if (GMIME_IS_MULTIPART(o)) {
    GMimeMultipart* mp = GMIME_MULTIPART(o);
    for (int i = 0; i < g_mime_multipart_get_count(mp) && !f.text; ++i)
      find_text(g_mime_multipart_get_part(mp, i), f, depth + 1);
    return;
  }
  if (GMIME_IS_MESSAGE_PART(o)) return;  // an attached message is not the sender's commands
  if (GMIME_IS_PART(o)) {
    GMimeContentType* type = g_mime_object_get_content_type(o);
    GMimeContentDisposition* disposition = g_mime_object_get_content_disposition(o);
    bool attachment = disposition && g_mime_content_disposition_is_attachment(disposition);
    if (type && g_mime_content_type_is_type(type, "text", "plain") && !attachment) {
      f.text = GMIME_PART(o);
    } else if (type && g_mime_content_type_is_type(type, "text", "html")) {
      f.html = true;
    } else if (type && g_mime_content_type_is_type(type, "application", "pgp-encrypted")) {
      f.encrypted = true;
    }
  }
}

std::string header(GMimeObject* o, const char* name) {
  return trimmed(str(g_mime_object_get_header(o, name)));
}

// Why a message is an automatic one, or "".
std::string automatic(GMimeMessage* m, const std::string& from) {
  GMimeObject* o = GMIME_OBJECT(m);
  std::string auto_submitted = lower(header(o, "Auto-Submitted"));
  if (!auto_submitted.empty() && auto_submitted.rfind("no", 0) != 0)
    return "Auto-Submitted: " + auto_submitted;
  std::string precedence = lower(header(o, "Precedence"));
  if (precedence == "bulk" || precedence == "junk" || precedence == "list")
    return "Precedence: " + precedence;
  std::string return_path = header(o, "Return-Path");
  if (return_path == "<>") return "an empty Return-Path: (a bounce)";
  std::string local = lower(from.substr(0, from.find('@')));
  if (local == "mailer-daemon") return "sent by MAILER-DAEMON";
  return {};
}

Ref<GMimeMessage> parse(std::string_view raw) {
  init_gmime();
  if (raw.empty()) throw MailError("the input is empty: no message to answer");
  Ref<GMimeStream> stream(g_mime_stream_mem_new_with_buffer(raw.data(), raw.size()));
  Ref<GMimeParser> parser(g_mime_parser_new_with_stream(stream.get()));
  Ref<GMimeMessage> m(g_mime_parser_construct_message(parser.get(), nullptr));
  if (!m) throw MailError("the input is not a mail message");
  return m;
}

IncomingMail read_envelope(GMimeMessage* m) {
  IncomingMail in;
  std::string name;
  first_mailbox(g_mime_message_get_from(m), name, in.from);
  if (!first_mailbox(g_mime_message_get_reply_to(m), in.reply_name, in.reply_addr)) {
    in.reply_name = name;
    in.reply_addr = in.from;
  }
  in.subject = one_line(str(g_mime_message_get_subject(m)), 400);
  in.message_id = one_line(str(g_mime_message_get_message_id(m)), 400);
  std::string refs = header(GMIME_OBJECT(m), "References");
  if (!refs.empty() && refs.size() < 16 * 1024) {
    if (GMimeReferences* r = g_mime_references_parse(nullptr, refs.c_str())) {
      for (int i = 0; i < g_mime_references_length(r); ++i)
        in.references.push_back(one_line(str(g_mime_references_get_message_id(r, i)), 400));
      g_mime_references_free(r);
    }
  }
  in.automatic = automatic(m, in.from);
  return in;
}

std::string domain_of(const std::string& addr) {
  size_t at = addr.rfind('@');
  return at == std::string::npos ? "localhost" : addr.substr(at + 1);
}

}  // namespace

IncomingMail read_mail(std::string_view raw) {
  Ref<GMimeMessage> m = parse(raw);
  IncomingMail in = read_envelope(m.get());
  Found f;
  find_text(g_mime_message_get_mime_part(m.get()), f, 0);
  if (f.text) {
    in.body_kind = IncomingMail::Body::Text;
    in.body = part_text(f.text);
    GMimeObject* o = GMIME_OBJECT(f.text);
    if (lower(str(g_mime_object_get_content_type_parameter(o, "format"))) == "flowed")
      in.body = unflow(in.body,
                       lower(str(g_mime_object_get_content_type_parameter(o, "delsp"))) == "yes");
    in.body = strip_pgp(in.body);
  } else if (f.encrypted) {
    in.body_kind = IncomingMail::Body::Encrypted;
  } else if (f.html) {
    in.body_kind = IncomingMail::Body::HtmlOnly;
  }
  return in;
}

IncomingMail read_header(std::string_view raw) {
  size_t end = raw.find("\n\n");
  size_t crlf = raw.find("\r\n\r\n");
  if (crlf != std::string_view::npos && (end == std::string_view::npos || crlf < end)) end = crlf;
  std::string head(raw.substr(0, std::min<size_t>(end, 64 * 1024)));
  head += "\n\n";
  Ref<GMimeMessage> m = parse(head);
  return read_envelope(m.get());
}

namespace {

// A plain-text message from options.from; `headers` adds what the kind of message needs.
template <class AddHeaders>
std::string compose(const std::string& to_name, const std::string& to_addr,
                    const std::string& subject, const std::string& body,
                    const MailOptions& options, AddHeaders&& headers) {
  init_gmime();
  Ref<GMimeMessage> m(g_mime_message_new(TRUE));
  InternetAddressList* from = internet_address_list_parse(nullptr, options.from.c_str());
  std::string from_name, from_addr;
  bool ok = first_mailbox(from, from_name, from_addr);
  if (from) g_object_unref(from);
  if (!ok) throw MailError("the From: address '" + options.from + "' is not a mailbox");
  g_mime_message_add_mailbox(m.get(), GMIME_ADDRESS_TYPE_FROM, from_name.c_str(),
                             from_addr.c_str());
  g_mime_message_add_mailbox(m.get(), GMIME_ADDRESS_TYPE_TO, to_name.c_str(), to_addr.c_str());
  g_mime_message_set_subject(m.get(), subject.c_str(), "utf-8");

  GDateTime* date =
      options.date ? g_date_time_new_from_unix_utc(options.date) : g_date_time_new_now_utc();
  g_mime_message_set_date(m.get(), date);
  g_date_time_unref(date);
  GString_ id(g_mime_utils_generate_message_id(domain_of(from_addr).c_str()));
  g_mime_message_set_message_id(m.get(), id.get());
  headers(GMIME_OBJECT(m.get()));

  Ref<GMimeTextPart> part(g_mime_text_part_new_with_subtype("plain"));
  g_mime_text_part_set_text(part.get(), body.c_str());
  g_mime_text_part_set_charset(part.get(), "utf-8");
  g_mime_object_encode(GMIME_OBJECT(part.get()), GMIME_ENCODING_CONSTRAINT_7BIT);
  g_mime_message_set_mime_part(m.get(), GMIME_OBJECT(part.get()));

  GString_ text(g_mime_object_to_string(GMIME_OBJECT(m.get()), nullptr));
  return text.get();
}

}  // namespace

void check_options(const MailOptions& options) {
  init_gmime();
  InternetAddressList* from = internet_address_list_parse(nullptr, options.from.c_str());
  std::string name, addr;
  bool ok = first_mailbox(from, name, addr);
  if (from) g_object_unref(from);
  if (!ok) throw MailError("the From: address '" + options.from + "' is not a mailbox");
}

std::string compose_reply(const IncomingMail& to, const std::string& body,
                          const MailOptions& options) {
  // Some write a command in the subject: its password is not sent back.
  std::string subject = to.subject.empty() ? "your commands" : CommandInterface::masked(to.subject);
  if (lower(subject.substr(0, 3)) != "re:") subject = "Re: " + subject;
  return compose(to.reply_name, to.reply_addr, subject, body, options, [&](GMimeObject* o) {
    if (!to.message_id.empty()) {
      std::string refs;
      size_t first = to.references.size() > 20 ? to.references.size() - 20 : 0;
      for (size_t i = first; i < to.references.size(); ++i) refs += "<" + to.references[i] + "> ";
      refs += "<" + to.message_id + ">";
      g_mime_object_set_header(o, "In-Reply-To", ("<" + to.message_id + ">").c_str(), nullptr);
      g_mime_object_set_header(o, "References", refs.c_str(), nullptr);
    }
    g_mime_object_set_header(o, "Auto-Submitted", "auto-replied", nullptr);
  });
}

std::string compose_notice(const Notice& notice, const MailOptions& options) {
  return compose(notice.name, notice.email, notice.subject, notice.body, options,
                 [](GMimeObject* o) {
                   g_mime_object_set_header(o, "Auto-Submitted", "auto-generated", nullptr);
                 });
}

namespace {

// The text without its lines equal to `line` (blanks around them ignored).
std::string without_line(const std::string& text, const std::string& line) {
  auto trimmed = [](std::string_view t) {
    size_t b = t.find_first_not_of(" \t\r");
    size_t e = t.find_last_not_of(" \t\r");
    return b == std::string_view::npos ? std::string_view() : t.substr(b, e - b + 1);
  };
  std::string_view wanted = trimmed(line);
  std::string out;
  size_t at = 0;
  while (at < text.size()) {
    size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    std::string_view l(text.data() + at, end - at);
    if (trimmed(l) != wanted) out.append(l).append("\n");
    at = end + 1;
  }
  return out;
}

}  // namespace

MailResult answer_mail(std::string_view raw, size_t total_bytes, CommandInterface& commands,
                       const MailOptions& options) {
  MailResult r;
  const bool too_big = total_bytes > options.max_bytes;
  IncomingMail in;
  try {
    in = too_big ? read_header(raw) : read_mail(raw);
  } catch (const MailError& e) {
    return {kNoReply, "", e.what()};
  }
  if (in.reply_addr.empty())
    return {kNoReply, "", "the message has no From: or Reply-To: address to answer"};
  if (!in.automatic.empty())
    return {kIgnored, "", "not answering an automatic message (" + in.automatic + ")"};
  std::string own_name, own_addr;
  {
    init_gmime();
    InternetAddressList* own = internet_address_list_parse(nullptr, options.from.c_str());
    first_mailbox(own, own_name, own_addr);
    if (own) g_object_unref(own);
  }
  if (own_addr.empty())  // checked before any command runs: a reply must be possible
    return {kNoReply, "", "the reply's From: address '" + options.from + "' is not a mailbox"};
  if (iequals(own_addr, in.from) || iequals(own_addr, in.reply_addr))
    return {kIgnored, "", "not answering a message from the gateway's own address " + own_addr};

  // pbmserv reads the command from the Subject line: a subject that is a command runs first
  // (once: the same line in the body is not run again), then the body's commands.
  const std::string subject_command =
      CommandInterface::starts_command(in.subject) ? in.subject : std::string();
  CommandContext ctx;
  ctx.sender_email = in.from;
  int solves = 0;
  ctx.charge_solve = [&] {
    if (options.solves_per_message > 0 && solves == options.solves_per_message)
      throw ServiceError(ErrorCode::TooManyRequests,
                         "only " + std::to_string(options.solves_per_message) +
                             " mate solves are run for one message: this one was not run "
                             "(send it again in another)");
    if (options.usage)
      options.usage->take("mail_solve", lower(in.from), options.solves_per_sender_per_hour,
                          "mate solves by mail from " + in.from);
    ++solves;
  };
  auto run = [&](const std::string& commands_text) {
    return commands.run_text(commands_text, ctx, options.max_commands,
                             options.max_password_checks);
  };
  std::string body;
  if (too_big) {
    body = "error: your message has " + std::to_string(total_bytes) +
           " bytes: the server reads messages of at most " + std::to_string(options.max_bytes) +
           " bytes. Send the commands alone, as plain text.\n";
  } else if (in.body_kind == IncomingMail::Body::Text) {
    body = run(subject_command.empty() ? in.body
                                       : subject_command + "\n" +
                                             without_line(in.body, subject_command));
    if (subject_command.empty() && !in.subject.empty() && body.starts_with("error: no command"))
      body += "The subject is not a command: a command there starts with a game's name or a command "
              "word (help, signup, list...), and a reply's 'Re: ...' is never run.\n";
  } else if (!subject_command.empty()) {
    body = run(subject_command);
    if (in.body_kind == IncomingMail::Body::Encrypted)
      body += "\nNote: your message's body is encrypted: the server ran the subject's command "
              "only.\n";
  } else {
    switch (in.body_kind) {
      case IncomingMail::Body::Text:
        break;
      case IncomingMail::Body::HtmlOnly:
        body =
            "error: your message has no plain-text part, only HTML: the server reads commands "
            "from a text/plain part (or from the subject, one command). Set your mail program "
            "to send plain text (or text and HTML), one command a line.\n";
        break;
      case IncomingMail::Body::Encrypted:
        body =
            "error: your message is encrypted: the server cannot read it. Send the commands "
            "unencrypted, as plain text.\n";
        break;
      case IncomingMail::Body::None:
        body =
            "error: your message has no text: write the commands in the body of the message "
            "as plain text, one a line, or one command as the subject (send 'help' for the "
            "commands).\n";
        break;
    }
  }
  std::string text = "Kirin game server: the replies to your commands.\n\n" + body +
                     "\n-- \nSend 'help' for the commands.\n";
  try {
    r.reply = compose_reply(in, text, options);
  } catch (const MailError& e) {
    return {kNoReply, "", e.what()};
  }
  r.exit_code = kReplied;
  return r;
}

}  // namespace kirin::server::mail
