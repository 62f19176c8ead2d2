#!/usr/bin/env ruby
# Conformance adapter for Ruby's URI library (docs/conformance.md), with the
# parser named by the first argument: rfc2396 (URI::RFC2396_Parser) or
# rfc3986 (URI::RFC3986_Parser). Parse mode: the parser's split; resolve
# mode: parse(base).merge(ref); normalize mode: URI#normalize.
require "uri"
require "json"

parser = ARGV[0] == "rfc2396" ? URI::RFC2396_Parser.new : URI::RFC3986_Parser.new
mode = ENV.fetch("RFC2396_CONFORMANCE_MODE", "parse")
exit 3 unless %w[parse resolve normalize].include?(mode)
$stdout.binmode
$stdin.binmode
$stdin.each_line do |raw|
  line = raw.chomp("\n")
  answer =
    begin
      case mode
      when "parse"
        scheme, userinfo, host, port, registry, path, opaque, query, fragment = parser.split(line)
        authority = nil
        if host || registry || line.sub(/\A[A-Za-z][A-Za-z0-9+.\-]*:/, "").start_with?("//")
          authority = registry || [userinfo && "#{userinfo}@", host, port && ":#{port}"].compact.join
        end
        { "valid" => true, "scheme" => scheme, "authority" => authority, "userinfo" => userinfo,
          "host" => host, "port" => port, "path" => opaque || path || "", "query" => query, "fragment" => fragment }
      when "resolve"
        base, ref = line.split("\t", 2)
        { "result" => parser.parse(base).merge(parser.parse(ref || "")).to_s }
      else
        { "result" => parser.parse(line).normalize.to_s }
      end
    rescue StandardError => e
      mode == "parse" ? { "valid" => false, "error" => e.class.name } : { "result" => nil, "error" => e.class.name }
    end
  answer.each { |k, v| answer[k] = v.dup.force_encoding("UTF-8").scrub if v.is_a?(String) }
  $stdout.write(JSON.generate(answer) + "\n")
end
