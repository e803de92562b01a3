// The cutting game of POJ 2311 as a competitive programmer writes it: a bottom-up table of the
// Grundy values of every W x H sheet, 2 <= W, H <= N, where a cut must leave both pieces at
// least 2 wide. Prints the number of lost sheets and the sum of all values, as the driver does.
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char** argv) {
    int n = argc > 1 ? atoi(argv[1]) : 200;
    std::vector<std::vector<int>> g(n + 1, std::vector<int>(n + 1, 0));
    std::vector<int> seen(4 * n + 8, -1);
    long lose = 0, sum = 0;
    for (int w = 2; w <= n; w++) {
        for (int h = 2; h <= n; h++) {
            int stamp = w * (n + 1) + h;
            for (int a = 2; a <= w - a; a++) seen[g[a][h] ^ g[w - a][h]] = stamp;
            for (int b = 2; b <= h - b; b++) seen[g[w][b] ^ g[w][h - b]] = stamp;
            int v = 0;
            while (seen[v] == stamp) v++;
            g[w][h] = v;
        }
    }
    for (int w = 2; w <= n; w++)
        for (int h = 2; h <= n; h++) { lose += g[w][h] == 0; sum += g[w][h]; }
    printf("%ld %ld\n", lose, sum);
}
