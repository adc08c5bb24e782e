#include "Zip.hpp"

#include <zip.h>
#include <ctime>

namespace mbs::fmu::detail {

std::optional<std::string> writeZip(const std::string& path,
                                    const std::vector<std::pair<std::string, std::string>>& entries)
{
  zipFile zip = zipOpen64(path.c_str(), APPEND_STATUS_CREATE);
  if (!zip)
    return "cannot create '" + path + "' (does its folder exist, and may it be written?)";
  std::optional<std::string> error;
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  for (const auto& [name, content] : entries) {
    zip_fileinfo info{};
    info.tmz_date.tm_sec = uInt(local.tm_sec);
    info.tmz_date.tm_min = uInt(local.tm_min);
    info.tmz_date.tm_hour = uInt(local.tm_hour);
    info.tmz_date.tm_mday = uInt(local.tm_mday);
    info.tmz_date.tm_mon = uInt(local.tm_mon);
    info.tmz_date.tm_year = uInt(local.tm_year + 1900);
    info.external_fa = 0644u << 16;  // rw-r--r-- for unzip on Unix
    const int zip64 = content.size() >= 0xffffffffu ? 1 : 0;
    if (zipOpenNewFileInZip64(zip, name.c_str(), &info, nullptr, 0, nullptr, 0, nullptr, Z_DEFLATED,
                              Z_DEFAULT_COMPRESSION, zip64) != ZIP_OK ||
        zipWriteInFileInZip(zip, content.data(), unsigned(content.size())) != ZIP_OK ||
        zipCloseFileInZip(zip) != ZIP_OK) {
      error = "cannot write '" + name + "' into '" + path + "' (disk full?)";
      break;
    }
  }
  if (zipClose(zip, nullptr) != ZIP_OK && !error)
    error = "cannot finish '" + path + "' (disk full?)";
  return error;
}

}  // namespace mbs::fmu::detail
